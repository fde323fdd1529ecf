import { createServer } from "node:net";

/** Ports below the kernel's range for outgoing connections (32768 and up): none is taken by a client socket meanwhile. */
const LOW = 20_000;
const HIGH = 32_000;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/** `count` consecutive ports that nothing listens on now, for server processes a test starts. */
export async function freePorts(count = 1): Promise<number> {
  for (;;) {
    const first = LOW + Math.floor(Math.random() * (HIGH - LOW - count));
    let isRunFree = true;
    for (let p = first; p < first + count && isRunFree; p++) isRunFree = await isFree(p);
    if (isRunFree) return first;
  }
}
