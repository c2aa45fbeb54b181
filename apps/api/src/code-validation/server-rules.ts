/**
 * The server-only validation rules of a save (`SERVER_RULES` of `@bm/contracts`, such as
 * `openapi`): each a whole-document check, run in a worker thread so a large or hostile document
 * never blocks the event loop (parsing a few hundred kilobytes of YAML takes hundreds of
 * milliseconds). The worker is the code-validation pool's (validate-worker.mjs); this pool has one
 * thread that exits when idle, so a server that saves no documents keeps no thread, and a check
 * running past TIMEOUT_MS has its worker terminated and is refused.
 */
import { fileURLToPath } from 'node:url';
import type { CodeValidationResult, ServerRuleName } from '@bm/contracts';
import { Piscina } from 'piscina';

const WORKER = fileURLToPath(new URL('./validate-worker.mjs', import.meta.url));
const TIMEOUT_MS = 10_000;

interface Task {
  type: ServerRuleName;
  code: string;
  started: SharedArrayBuffer;
}

let pool: Piscina<Task, CodeValidationResult> | undefined;

const workers = () => {
  pool ??= new Piscina<Task, CodeValidationResult>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
};

/** Runs one server rule on a value; a check that overruns or runs out of memory is a refusal. */
export async function checkServerRule(name: ServerRuleName, text: string): Promise<CodeValidationResult> {
  try {
    return await workers().run(
      { type: name, code: text, started: new SharedArrayBuffer(8) },
      { signal: AbortSignal.timeout(TIMEOUT_MS) },
    );
  } catch (error) {
    const { name: kind, code } = error as { name?: string; code?: string };
    if (kind === 'AbortError' || kind === 'TimeoutError' || code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return { isSuccess: false, message: 'The document is too large or complex to be checked' };
    }
    throw error;
  }
}
