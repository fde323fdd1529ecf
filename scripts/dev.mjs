// `npm run dev`: the API server (restarting on change) on :3000 and Vite with hot reload on :5173.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./build-stale.mjs";

const bin = (name) => path.join(root, "node_modules/.bin", name);
const children = [
  spawn(bin("tsx"), ["watch", "apps/server/src/server.ts"], { cwd: root, stdio: "inherit" }),
  spawn(bin("vite"), ["apps/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
