// Bundles the server into dist/server.js and its worker threads beside it (workers.mjs); npm
// packages stay external, workspace sources are inlined.
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { WORKER_ENTRIES } from "./workers.mjs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith("@academy/"));

await build({
  entryPoints: Object.fromEntries(
    Object.entries({ server: "src/server.ts", ...WORKER_ENTRIES }).map(([name, source]) => [
      name,
      new URL(source, import.meta.url).pathname,
    ]),
  ),
  outdir: new URL("./dist", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: "warning",
});
