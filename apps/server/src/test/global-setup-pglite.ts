import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { CONTENT_DIR, MIGRATIONS_DIR, ROOT_DIR, SERVER_DIR } from "../paths.ts";

/**
 * Migrates and seeds the embedded database every `server` test file starts from, once per run,
 * and hands the workers its data folder as a tar file (`ACADEMY_PGLITE_TEMPLATE`). The file is
 * kept between runs under a key made of everything that decides its content: the migrations,
 * the content folder, the code the seed runs (found by bundling it) and the PGlite version. So a
 * second run of one module's tests loads it instead of building it, and any change to a migration,
 * a seed or the content builds a new one.
 */
export default async function setup() {
  process.env.ACADEMY_PGLITE_TEMPLATE = await pgliteTemplate();
}

const CACHE_DIR = path.join(ROOT_DIR, "node_modules/.cache/academy-tests");

export async function pgliteTemplate(): Promise<string> {
  const key = await templateKey();
  const file = path.join(CACHE_DIR, `pglite-${key}.tar`);
  if (existsSync(file)) return file;

  const [{ PGlite }, { PGLITE_EXTENSIONS, wrapPglite }, { seedReferenceData }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("../db/client.ts"),
    import("./database.ts"),
  ]);
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(client);
  await database.migrate();
  await seedReferenceData(database.db);
  // A clean checkpoint: each test database then starts without replaying the seed from the log.
  await client.query("CHECKPOINT");
  const dump = await client.dumpDataDir("none");
  await client.close();

  await mkdir(CACHE_DIR, { recursive: true });
  // Written aside, then renamed: a run started at the same moment never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  for (const old of await readdir(CACHE_DIR)) {
    if (old.startsWith("pglite-") && old !== path.basename(file) && !old.endsWith(".partial"))
      await rm(path.join(CACHE_DIR, old), { force: true });
  }
  return file;
}

async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  // The server sources the seed runs (the contract package is hashed whole below); npm packages
  // are named by their versions in the lock file.
  const bundle = await build({
    entryPoints: [path.join(SERVER_DIR, "src/test/database.ts")],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    absWorkingDir: ROOT_DIR,
    logLevel: "silent",
  });
  for (const input of Object.keys(bundle.metafile.inputs).sort()) hash.update(input).update(readFileSync(path.resolve(ROOT_DIR, input)));
  for (const dir of [MIGRATIONS_DIR, CONTENT_DIR, path.join(ROOT_DIR, "packages/contract/src")]) {
    for (const file of filesUnder(dir)) hash.update(path.relative(ROOT_DIR, file)).update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(ROOT_DIR, "package-lock.json")));
  return hash.digest("hex").slice(0, 16);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
