// Builds the web app and the server bundle when they are missing or older than their sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules" && entry !== "dist") visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) latest = Math.max(latest, s.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

function buildIfStale(workspace, output, sources) {
  const out = path.join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.log(`Building ${workspace}…`);
  const run = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

export function buildStale() {
  buildIfStale("apps/web", "apps/web/dist/index.html", [
    "apps/web/src",
    "apps/web/index.html",
    "apps/web/public",
    "apps/web/vite.config.ts",
    "packages/contract/src",
  ]);
  buildIfStale("apps/server", "apps/server/dist/server.js", ["apps/server/src", "packages/contract/src"]);
}
