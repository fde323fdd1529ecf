// Import boundaries that keep the code easy to change, and the web's answer types taken from the
// contract (docs/boundaries.md explains each rule).
// `npm run validate` runs this; it prints every breach as `file:line  rule  import` and exits 1.
//
//   node scripts/check-boundaries.mjs            check the tree
//   node scripts/check-boundaries.mjs --list     also print the rules
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = "apps/server/src";
const web = "apps/web/src";

/** Every import or re-export of a file, with its line and whether it brings types only. */
export function importsOf(source) {
  const found = [];
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*["']([^"']+)["']|(?:^|[^.\w])import\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of source.matchAll(pattern)) {
    const specifier = m[4] ?? m[5];
    const line = source.slice(0, m.index + (m[0].startsWith("\n") ? 1 : 0)).split("\n").length;
    // `import type {...}` or `import { type A, type B }`: nothing of it exists at run time.
    const clause = m[3] ?? "";
    const typeOnly =
      Boolean(m[2]) ||
      (/^\{[^}]*\}$/.test(clause.trim()) &&
        clause
          .replace(/[{}\s]/g, "")
          .split(",")
          .filter(Boolean)
          .every((n) => n.startsWith("type")));
    found.push({ specifier, line, typeOnly });
  }
  return found;
}

/** The repository-relative path an import points at, or the bare package name. */
function resolve(file, specifier) {
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (specifier.startsWith("@/")) return `${web}/${specifier.slice(2)}`;
  return specifier;
}

const moduleOf = (p) => p.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
const featureOf = (p) => p.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
const isRoutesFile = (p) => moduleOf(p) && /(^|[/-])routes\.ts$/.test(path.posix.basename(p)) && !p.endsWith(".test.ts");
const isTest = (p) => /\.test\.tsx?$/.test(p) || p.includes("/test/") || p.endsWith("/test-helpers.ts");
const isRepoFile = (p) => /(^|-)repo\.ts$/.test(path.posix.basename(p));
const isDrizzle = (specifier) => specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/");

/** The rules: each gets (file, import) and answers a breach message or nothing. */
export const rules = [
  {
    name: "routes-no-database",
    text: "A module's routes never import drizzle or the database schema; queries live in its repo, rules in its service (a type-only import of the `Db` handle they pass on is allowed).",
    check(file, imp) {
      if (!isRoutesFile(file)) return;
      const target = resolve(file, imp.specifier);
      if (isDrizzle(imp.specifier)) return "routes import drizzle";
      if (target.startsWith(`${server}/db/`)) {
        if (imp.typeOnly && target === `${server}/db/client.ts`) return;
        return "routes import the database";
      }
    },
  },
  {
    name: "queries-in-repos",
    text: "Only repositories (repo.ts, *-repo.ts, src/db/ and the records engine in modules/records/) import drizzle-orm or the database schema as values; elsewhere type-only imports.",
    check(file, imp) {
      if (!file.startsWith(`${server}/`) || imp.typeOnly || isTest(file) || isRepoFile(file) || isRoutesFile(file)) return;
      if (file.startsWith(`${server}/db/`) || file.startsWith(`${server}/modules/records/`)) return;
      if (isDrizzle(imp.specifier)) return "drizzle outside a repository";
      if (resolve(file, imp.specifier).startsWith(`${server}/db/schema/`)) return "the database schema outside a repository";
    },
  },
  {
    name: "module-through-service",
    text: "A server module reaches another module only through that module's service.ts (tests may reach further).",
    check(file, imp) {
      const from = moduleOf(file);
      if (!from || isTest(file)) return;
      const target = resolve(file, imp.specifier);
      const to = moduleOf(target);
      if (!to || to === from) return;
      if (target === `${server}/modules/${to}/service.ts`) return;
      return `module ${from} imports ${path.posix.relative(`${server}/modules`, target)} instead of ${to}/service.ts`;
    },
  },
  {
    name: "features-independent",
    text: "A web feature never imports another feature; app/ composes them.",
    check(file, imp) {
      const from = featureOf(file);
      if (!from) return;
      const to = featureOf(resolve(file, imp.specifier));
      if (to && to !== from) return `feature ${from} imports feature ${to}`;
    },
  },
  {
    name: "shared-code-below-features",
    text: "web components/ and lib/ never import features/ or app/.",
    check(file, imp) {
      if (!file.startsWith(`${web}/components/`) && !file.startsWith(`${web}/lib/`)) return;
      const target = resolve(file, imp.specifier);
      if (target.startsWith(`${web}/features/`) || target.startsWith(`${web}/app/`))
        return `shared code imports ${path.posix.relative(web, target)}`;
    },
  },
  {
    name: "contract-stands-alone",
    text: "packages/contract imports nothing from the apps.",
    check(file, imp) {
      if (!file.startsWith("packages/contract/")) return;
      const target = resolve(file, imp.specifier);
      if (target.startsWith("apps/")) return "the contract imports an app";
    },
  },
];

/**
 * Every web API call that writes its answer type inline (`api.get<{ list: Row[] }>(...)`): the
 * answer's type comes from the contract (`Answer<typeof ListResponse>`, or a type the contract
 * exports), so the browser and the server read one description of it. The specifier is the
 * call's type argument, whitespace collapsed.
 */
export function inlineAnswerTypes(source) {
  const found = [];
  const call = /(?:\bapi\.(?:get|post|put|patch|delete)|\buploadWithProgress|\bapiRequest)\s*</g;
  for (const m of source.matchAll(call)) {
    // The type argument: up to the `>` that closes the one opened here (`=>` inside it is no bracket).
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < source.length && depth > 0; i++) {
      const c = source[i];
      if (c === "<") depth++;
      else if (c === ">" && source[i - 1] !== "=") depth--;
    }
    const typeArgument = source.slice(m.index + m[0].length, i - 1);
    if (!typeArgument.includes("{")) continue;
    const line = source.slice(0, m.index).split("\n").length;
    found.push({ line, specifier: `${m[0].replace(/\s/g, "")}${typeArgument.replace(/\s+/g, " ").trim()}>` });
  }
  return found;
}

/**
 * Every query key written as an array in place (`queryKey: ["photos", page]`, `setQueryData(["x"], …)`):
 * keys come from the feature's keys object (or a shared one), so a reader and the change that
 * invalidates it cannot spell the key two ways. The specifier is the key as written.
 */
export function literalQueryKeys(source) {
  const found = [];
  for (const m of source.matchAll(/\b(?:queryKey:\s*|(?:set|get)QueryData\(\s*)(\[[^\]\n]*\]?)/g)) {
    const line = source.slice(0, m.index).split("\n").length;
    found.push({ line, specifier: m[1].replace(/\s+/g, " ") });
  }
  return found;
}

/** Rules over a file's text rather than its imports: each gets (file, source) and answers its breaches. */
export const sourceRules = [
  {
    name: "web-answers-from-contract",
    text: "A web API call takes its answer type from the contract (Answer<typeof XResponse> or a contract type), never an inline object type.",
    check(file, source) {
      if (!file.startsWith(`${web}/`) || isTest(file)) return [];
      return inlineAnswerTypes(source).map((c) => ({ ...c, message: `inline answer type ${c.specifier}` }));
    },
  },
  {
    name: "web-query-keys-from-factory",
    text: "A web query key comes from a keys object (the feature's, lib/shared-api's or the resource table's), never an array written in place.",
    check(file, source) {
      if (!file.startsWith(`${web}/`) || isTest(file)) return [];
      return literalQueryKeys(source).map((k) => ({ ...k, message: `query key written in place ${k.specifier}` }));
    },
  },
];

const lineAt = (source, index) => source.slice(0, index).split("\n").length;
const startOf = (m) => m.index + (m[0].startsWith("\n") ? 1 : 0);
const valueNames = (list) =>
  list
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith("type "))
    .map((n) => n.split(/\s+as\s+/));

/** Rules that read what a whole file exports: each gets (file, source) and answers its breaches. */
export const fileRules = [
  {
    name: "service-adds-something",
    text: "A module's service.ts never hands out its repository's functions unchanged (`export { x } from \"./repo.ts\"`, `export const x = repo.x`); it offers what the module does.",
    check(file, source) {
      if (!moduleOf(file) || path.posix.basename(file) !== "service.ts") return [];
      const isRepo = (specifier) => specifier.startsWith(".") && isRepoFile(specifier);
      const found = [];
      const breach = (m, name, from) =>
        found.push({ line: lineAt(source, startOf(m)), specifier: name, message: `service.ts hands out ${name} of ${from} unchanged` });
      // export { a, c as d } from "./repo.ts";  export * from "./x-repo.ts"
      for (const m of source.matchAll(/(?:^|\n)\s*export\s+(type\s+)?(\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) {
        if (m[1] || !isRepo(m[3])) continue;
        const names = m[2].startsWith("*") ? [m[2]] : valueNames(m[2].slice(1, -1)).map((n) => n.at(-1));
        for (const name of names) breach(m, name, m[3]);
      }
      // import * as repo from "./repo.ts" … export const x = repo.y;  import { y } from "./repo.ts" … export const x = y; or export { y };
      const namespaces = new Map();
      const named = new Map();
      for (const m of source.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) if (isRepo(m[2])) namespaces.set(m[1], m[2]);
      for (const m of source.matchAll(/import\s+\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
        if (isRepo(m[2])) for (const [name, local = name] of valueNames(m[1])) named.set(local, m[2]);
      for (const m of source.matchAll(/(?:^|\n)\s*export\s+const\s+(\w+)\s*=\s*(\w+)(?:\.(\w+))?\s*;/g)) {
        const [, name, head, member] = m;
        if (member && namespaces.has(head)) breach(m, name, namespaces.get(head));
        else if (!member && named.has(head)) breach(m, name, named.get(head));
      }
      for (const m of source.matchAll(/(?:^|\n)\s*export\s+\{([^}]*)\}\s*;/g))
        for (const [local, name = local] of valueNames(m[1])) if (named.has(local)) breach(m, name, named.get(local));
      return found;
    },
  },
];

/**
 * modules-acyclic: the server modules' imports (types too; tests aside) form no cycle. Every import
 * from one module to another that lies on a cycle is a breach, with the way back in its message.
 */
export function moduleCycles(files, read) {
  const edges = new Map();
  for (const file of files) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    for (const imp of importsOf(read(file))) {
      const to = moduleOf(resolve(file, imp.specifier));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, []);
      edges.get(from).get(to).push({ file, line: imp.line, specifier: imp.specifier });
    }
  }
  // The shortest way from `start` to `goal` along the imports, or nothing.
  const wayBetween = (start, goal) => {
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift();
      if (at === goal) {
        const way = [];
        for (let m = goal; m !== null; m = cameFrom.get(m)) way.unshift(m);
        return way;
      }
      for (const next of edges.get(at)?.keys() ?? [])
        if (!cameFrom.has(next)) {
          cameFrom.set(next, at);
          queue.push(next);
        }
    }
  };
  const breaches = [];
  for (const [from, targets] of edges)
    for (const [to, imports] of targets) {
      const back = wayBetween(to, from);
      if (!back) continue;
      for (const imp of imports)
        breaches.push({
          ...imp,
          rule: "modules-acyclic",
          message: `module ${from} imports ${to}, which leads back: ${[from, ...back].join(" -> ")}`,
        });
    }
  return breaches;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(path.join(root, dir))) {
    if (name === "node_modules" || name === "dist") continue;
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) yield* sourceFiles(rel);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) yield rel;
  }
}

/** Every breach in the given files (paths relative to the repository). */
export function findBreaches(files, read = (f) => readFileSync(path.join(root, f), "utf8")) {
  const breaches = [];
  for (const file of files) {
    const source = read(file);
    for (const imp of importsOf(source)) {
      for (const rule of rules) {
        const message = rule.check(file, imp);
        if (message) breaches.push({ file, line: imp.line, rule: rule.name, specifier: imp.specifier, message });
      }
    }
    for (const rule of sourceRules) {
      for (const b of rule.check(file, source))
        breaches.push({ file, line: b.line, rule: rule.name, specifier: b.specifier, message: b.message });
    }
    for (const rule of fileRules) for (const b of rule.check(file, source)) breaches.push({ file, rule: rule.name, ...b });
  }
  breaches.push(...moduleCycles(files, read));
  return breaches;
}

const cycleRule = {
  name: "modules-acyclic",
  text: "No import cycle between server modules (a imports b, and b, through any others, imports a); pass a function in or move the shared piece down.",
};

// Breaches that were there when the rules arrived, each to be mended and struck off; a breach
// not listed fails, and so does a listed one that is gone (the list only shrinks).
const baselineFile = path.join(root, "scripts/boundaries-baseline.txt");
const keyOf = (b) => `${b.file} ${b.rule} ${b.specifier}`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--list"))
    for (const r of [...rules, ...sourceRules, ...fileRules, cycleRule]) console.log(`${r.name}: ${r.text}`);
  const files = [...sourceFiles(server), ...sourceFiles(web), ...sourceFiles("packages/contract/src")];
  const baseline = new Set(
    readFileSync(baselineFile, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
  const all = findBreaches(files);
  const breaches = all.filter((b) => !baseline.has(keyOf(b)));
  const present = new Set(all.map(keyOf));
  const stale = [...baseline].filter((k) => !present.has(k));
  for (const b of breaches) console.log(`${b.file}:${b.line}  ${b.rule}  ${b.message} ("${b.specifier}")`);
  for (const k of stale) console.log(`scripts/boundaries-baseline.txt  mended, strike it off: ${k}`);
  if (breaches.length || stale.length) {
    console.log(`\nboundaries: ${breaches.length} new breaches, ${stale.length} stale baseline lines (see docs/boundaries.md)`);
    process.exit(1);
  }
  console.log(
    `boundaries: ${files.length} files checked, no new breach (${baseline.size} known, listed in scripts/boundaries-baseline.txt)`,
  );
}
