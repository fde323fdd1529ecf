// Start-up time: from process spawn to /readyz 200, on an existing data folder (a warm restart).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fmt, startServer, stopServer, waitReady } from "./lib.mjs";

export async function benchStartup({ runs = 5, port = 4390 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-"));
  try {
    const first = startServer({ port, dataDir });
    await waitReady(port, first.child);
    await stopServer(first);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const s = startServer({ port, dataDir });
      await waitReady(port, s.child);
      times.push(performance.now() - s.started);
      await stopServer(s);
    }
    times.sort((a, b) => a - b);
    return { runs, median_ms: times[Math.floor(times.length / 2)], min_ms: times[0], max_ms: times.at(-1) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchStartup();
  console.log(
    `start-up to /readyz (existing data folder, ${r.runs} runs): median ${fmt(r.median_ms)} ms, min ${fmt(r.min_ms)} ms, max ${fmt(r.max_ms)} ms`,
  );
}
