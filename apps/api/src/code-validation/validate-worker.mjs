/**
 * Worker-thread entry of the code-validation pool (validation-pool.ts). Plain JavaScript so a worker
 * can load it however the process was started: under `node --import tsx` the worker inherits tsx
 * and imports the TypeScript validators directly; elsewhere (a test runner) it registers tsx first.
 * Each task stamps its start time into a shared buffer, so the pool's time limit counts parsing only,
 * not the wait in the queue.
 */
async function loadValidators() {
  try {
    return await import('./validate-code.ts');
  } catch (error) {
    if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const { register } = await import('tsx/esm/api');
    register();
    // A failed import stays failed for its URL: load it again under another one.
    return import('./validate-code.ts?tsx');
  }
}

const { validateCode } = await loadValidators();

/** @param {{ type: string, code: string, started: SharedArrayBuffer }} task */
export default function validate({ type, code, started }) {
  Atomics.store(new BigInt64Array(started), 0, BigInt(Date.now()));
  return validateCode(type, code);
}
