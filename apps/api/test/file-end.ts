/**
 * Work to do when the test file ends: servers to stop, pools to end, folders to remove. A helper
 * that starts something registers its stop here instead of calling `afterAll` itself, because an
 * `afterAll` registered while a `beforeAll` or a test runs is never run by Vitest: the servers those
 * helpers started stayed up until the worker process exited, holding their connections. The setup
 * file (test/file-setup.ts) runs it all after the file's own `afterAll` hooks, last started first.
 */
const pending: Array<() => Promise<unknown>> = [];

export function afterFile(work: () => Promise<unknown>): void {
  pending.push(work);
}

export async function runFileEnd(): Promise<void> {
  const failures: unknown[] = [];
  for (const work of pending.splice(0).reverse()) {
    await work().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, 'stopping what the test file started failed');
}
