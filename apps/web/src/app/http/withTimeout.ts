/** The request timeout of the HTTP client. */
import { HttpError } from './HttpError.ts';

/** Rejects with Error('Timeout') after `ms`, aborting the fetch it guards. */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  request: { url: string; method: string; controller?: AbortController | undefined },
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Reject before aborting, so the race settles on 'Timeout' rather than the fetch's AbortError.
      reject(new HttpError('Timeout', request.url, request.method));
      request.controller?.abort();
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
