import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this module whether it runs from src/ or from the dist bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).workspaces) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("cannot find the repository root");
    dir = parent;
  }
}

export const ROOT_DIR = findRoot();
export const SERVER_DIR = path.join(ROOT_DIR, "apps/server");
export const MIGRATIONS_DIR = path.join(SERVER_DIR, "drizzle");
export const WEB_DIST_DIR = path.join(ROOT_DIR, "apps/web/dist");
export const CONTENT_DIR = path.join(ROOT_DIR, "content");
