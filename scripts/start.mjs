// `npm start`: builds what is missing or older than its sources, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules" && entry !== "dist") visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function buildIfStale(workspace, output, sources) {
  const out = path.join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.log(`Building ${workspace}…`);
  const run = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

buildIfStale("apps/web", "apps/web/dist/index.html", ["apps/web/src", "apps/web/index.html", "apps/web/public", "apps/web/vite.config.ts", "packages/contract/src"]);
buildIfStale("apps/server", "apps/server/dist/server.js", ["apps/server/src", "packages/contract/src"]);

// Same process, so SIGTERM from a supervisor reaches the server's graceful shutdown directly.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "apps/server/dist/server.js")).href);
