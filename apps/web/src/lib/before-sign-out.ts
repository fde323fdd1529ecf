/**
 * Work to finish before an explicit sign-out ends the session, while its token still works (the
 * answers given offline are sent first, decision 32). Features register here; the sign-out waits
 * for them, each at most `BEFORE_SIGN_OUT_MS`, and signs out whatever they answer.
 */

type Task = () => Promise<unknown>;
const tasks = new Set<Task>();

export const BEFORE_SIGN_OUT_MS = 5_000;

/** Registers a task; the function it answers removes it. */
export function onBeforeSignOut(task: Task): () => void {
  tasks.add(task);
  return () => void tasks.delete(task);
}

export async function runBeforeSignOut(timeoutMs = BEFORE_SIGN_OUT_MS): Promise<void> {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  await Promise.all([...tasks].map((task) => Promise.race([task().catch(() => undefined), limit])));
}
