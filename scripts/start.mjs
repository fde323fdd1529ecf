// `npm start`: builds what is missing or older than its sources, then runs the server.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildStale, root } from "./build-stale.mjs";

buildStale();
// Same process, so SIGTERM from a supervisor reaches the server's graceful shutdown directly.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "apps/server/dist/server.js")).href);
