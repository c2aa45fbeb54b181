/** The error every failed call rejects with: the server's message, the status and the failed URL. */
import type { ErrorBody } from '@bm/contracts';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    message: string,
    readonly url: string,
    readonly method: string,
    /** Undefined when no response came (timeout, network failure). */
    readonly status?: number,
    /** The parsed error body, with per-field `errors` on validation failures. */
    readonly body?: ErrorBody,
  ) {
    super(message);
  }
}
