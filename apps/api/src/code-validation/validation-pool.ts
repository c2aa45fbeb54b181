/**
 * Runs code validation off the event loop, in a small pool of worker threads (piscina), so a heavy
 * or hostile input slows only its own answer, never the rest of the API:
 * - input longer than `maxChars` is refused before any parsing (400 naming `code`);
 * - a parse may run `timeoutMs` (counted from when a worker starts it, not from the wait in the
 *   queue); then its worker is terminated and replaced, and the answer is 422;
 * - at most `threads` parses run at once and `queue` more wait; beyond that, or after 25 s of
 *   waiting, the answer is 429.
 * A worker that runs out of memory is replaced as well (422). The pool is created once per server
 * and closed with it.
 */
import { fileURLToPath } from 'node:url';
import type { CodeValidationResult, CodeValidatorName } from '@bm/contracts';
import { Piscina } from 'piscina';
import { HttpError } from '../http/http-error.ts';

export interface CodeValidationLimits {
  /** Longest code accepted, in characters. */
  maxChars: number;
  /** Longest time one parse may run, in milliseconds. */
  timeoutMs: number;
  /** Worker threads parsing at once. */
  threads: number;
  /** Validations that may wait for a free worker; more are refused with 429. */
  queue: number;
}

export interface ValidationPool {
  validate(type: CodeValidatorName, code: string): Promise<CodeValidationResult>;
  close(): Promise<void>;
}

/** Refused because every worker is busy and the queue is full (429, with Retry-After). */
export class ValidationBusyError extends HttpError {
  constructor() {
    super(429, 'Code validation is busy; try again in a moment');
  }
}

interface Task {
  type: CodeValidatorName;
  code: string;
  /** The worker writes the time it started the task here (ms since the epoch). */
  started: SharedArrayBuffer;
}

const WORKER = fileURLToPath(new URL('./validate-worker.mjs', import.meta.url));
/** Longest wait for a free worker (the browser gives up on a call after 30 s by default). */
const MAX_WAIT_MS = 25_000;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`;

export function createValidationPool(
  limits: CodeValidationLimits,
  onError: (error: unknown) => void,
): ValidationPool {
  // Counted here, not with piscina's maxQueue: piscina keeps abortable tasks that wait for a worker
  // in a second queue that its limit does not count.
  let inFlight = 0;
  let created: Piscina<Task, CodeValidationResult> | undefined;
  // Made on the first validation, so a server nobody asks never starts a worker. Its workers then
  // stay: piscina replaces a terminated worker only up to `minThreads`, and a queued task needs one.
  const pool = () => {
    if (!created) {
      created = new Piscina<Task, CodeValidationResult>({
        filename: WORKER,
        minThreads: limits.threads,
        maxThreads: limits.threads,
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      // A worker failing outside a task (e.g. while loading) must not take the process down.
      created.on('error', onError);
    }
    return created;
  };

  async function validate(type: CodeValidatorName, code: string): Promise<CodeValidationResult> {
    if (code.length > limits.maxChars) {
      throw new HttpError(400, `code is longer than ${limits.maxChars} characters; it was not checked`, {
        code: `At most ${limits.maxChars} characters`,
      });
    }
    if (inFlight >= limits.threads + limits.queue) throw new ValidationBusyError();
    inFlight += 1;
    const started = new SharedArrayBuffer(8);
    const startedAt = new BigInt64Array(started);
    const abort = new AbortController();
    let outcome: 'timeout' | 'waited' | undefined;
    const queuedAt = Date.now();
    // Fires every `timeoutMs` while the task waits in the queue; once a worker has started it, at
    // its start plus `timeoutMs`. Aborting a running task terminates its worker; one that never
    // got a worker is given up after MAX_WAIT_MS, so every request gets an answer.
    const check = () => {
      const start = Number(Atomics.load(startedAt, 0));
      if (start === 0 && Date.now() - queuedAt >= MAX_WAIT_MS) outcome = 'waited';
      const left = start === 0 ? limits.timeoutMs : start + limits.timeoutMs - Date.now();
      if (start !== 0 && left <= 0) outcome = 'timeout';
      if (outcome) {
        abort.abort();
        return;
      }
      timer = setTimeout(check, left);
    };
    let timer = setTimeout(check, limits.timeoutMs);
    try {
      return await pool().run({ type, code, started }, { signal: abort.signal });
    } catch (error) {
      if (outcome === 'waited') throw new ValidationBusyError();
      if (outcome === 'timeout') {
        throw new HttpError(
          422,
          `The code took longer than ${seconds(limits.timeoutMs)} to check and was not validated`,
        );
      }
      const { code: errorCode } = error as { code?: string };
      if (errorCode === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new HttpError(422, 'The code needs too much memory to check and was not validated');
      }
      throw error;
    } finally {
      inFlight -= 1;
      clearTimeout(timer);
    }
  }

  return {
    validate,
    close: async () => {
      await created?.close({ force: true });
    },
  };
}
