// The server's worker-thread entries, bundled beside the server (build.mjs) and beside the
// benchmarks' bundles of server code (bench/lib.mjs): name → source, relative to apps/server.
export const WORKER_ENTRIES = { "fit-worker": "src/modules/quiz/fit-worker.ts" };
