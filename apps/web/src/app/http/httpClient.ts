/**
 * The one HTTP client every call goes through: bearer token from the session, JSON,
 * no cookies, this site only (another origin is refused before the token is sent), a timeout of
 * `clientRequestTimeOut` seconds, one silent renewal on 401, server messages
 * surfaced as `HttpError`, failures logged to the client log sink and alerted unless `silent`.
 *
 * Safe retries (docs/adr/0031-idempotency-keys.md): every write (POST, PUT, DELETE; not the log
 * sink) carries an `Idempotency-Key`, one per call, and the same key on each of its tries. A write
 * answered 503 (an instance stopping, the database away) or cut off without an answer (a dropped
 * connection: fetch's TypeError) is sent again after a short wait, up to three times within the
 * call's timeout: the server answers a write it already did with its first answer, so a click is
 * neither lost nor done twice.
 */
import { type ClientLog, isOwnPath, LOG_MESSAGE_MAX } from '@bm/contracts';
import { HttpError } from './HttpError.ts';
import type { LoadingCounter } from './loadingCounter.ts';
import { readErrorBody, readResult, redactUrl } from './readResponse.ts';
import { withTimeout } from './withTimeout.ts';

export const LOG_PATH = '/api/logs';

/** Waits before each new try of a write (ms): three tries after the first, about 3.5 s in all. */
const RETRY_DELAYS_MS: readonly number[] = [250, 1000, 2250];

/** A random UUID; `crypto.randomUUID` only exists on secure pages (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** fetch's own failure (no answer came: connection refused or dropped), not a timeout or an abort. */
const isDropped = (error: unknown): boolean => error instanceof TypeError;

/** The screen a write is made on, as the journal keeps it: the path, without the query, at most 200 characters. */
const screenOf = (location: Pick<Location, 'pathname'>): string => location.pathname.slice(0, 200);

/** A path of this site (`/api/…`), or an absolute URL of the page's own origin. */
function isThisSite(path: string): boolean {
  if (isOwnPath(path)) return true;
  const origin = globalThis.location?.origin;
  if (!origin || !/^https?:\/\//i.test(path)) return false;
  try {
    return new URL(path).origin === origin;
  } catch {
    return false;
  }
}

export interface HttpClientDeps {
  timeoutMs: number;
  /** A valid access token, renewing an expired one first; null when there is no session. */
  getAccessToken: () => Promise<string | null>;
  /**
   * A valid access token read at once, or null (then `getAccessToken` is awaited). With it, a call
   * reaches `fetch` in the same task that makes it: a call started while React renders leaves before
   * that render is committed and painted, not after.
   */
  peekAccessToken?: () => string | null;
  /** Silent renewal; the new token, or null when it failed. */
  renewSession: () => Promise<string | null>;
  /** Sends the user to the sign-in view. */
  onUnauthenticated: () => void;
  /** Shows a failure to the user (the alert modal); skipped for `silent` calls and for 401. */
  onError: (error: HttpError) => void;
  loading: LoadingCounter;
  fetch?: typeof fetch;
  /** The waits before each new try of a write (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Makes a write's Idempotency-Key (tests fix it). */
  newKey?: () => string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Failures are logged but not alerted (presets, menu, rights). */
  silent?: boolean;
  signal?: AbortSignal;
  /** 'blob' reads the answer as a file (downloads) instead of JSON. */
  responseType?: 'json' | 'blob';
  /** A periodic reload of something already on screen: not counted by the loading bar. */
  background?: boolean;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Posts to the client log sink; never throws, never counts as loading. */
  log(entry: ClientLog): Promise<void>;
}

interface Sent {
  response: Response;
  controller: AbortController;
}
type Send = (token: string) => Promise<Sent>;

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryDelays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const newKey = deps.newKey ?? newIdempotencyKey;

  // Content-Type only with a body: a bodiless PUT or DELETE declared as JSON is refused as empty JSON.
  // A write names the screen it was made on, which the record journal keeps as its source.
  // A keyed write sends its key as a structured-field string, the header's own form.
  const headersFor = (
    token: string,
    withBody = true,
    write = false,
    key?: string,
  ): Record<string, string> => ({
    Accept: 'application/json',
    ...(withBody ? { 'Content-Type': 'application/json' } : {}),
    ...(write && globalThis.location?.pathname ? { 'X-BM-Screen': screenOf(globalThis.location) } : {}),
    ...(key ? { 'Idempotency-Key': `"${key}"` } : {}),
    Authorization: `Bearer ${token}`,
  });

  async function log(entry: ClientLog): Promise<void> {
    try {
      const token = await deps.getAccessToken();
      if (!token) return;
      const body: ClientLog = {
        level: entry.level,
        message: entry.message.slice(0, LOG_MESSAGE_MAX),
        url: redactUrl(entry.url).slice(0, 2000),
      };
      await doFetch(LOG_PATH, {
        method: 'POST',
        headers: headersFor(token),
        body: JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      // The log sink is best effort: a failure to log must not raise another error.
    }
  }

  async function call<T>(
    path: string,
    method: string,
    send: Send,
    remaining: () => number,
    responseType: RequestOptions['responseType'],
  ): Promise<T> {
    const token = deps.peekAccessToken?.() ?? (await deps.getAccessToken());
    if (!token) {
      deps.onUnauthenticated();
      throw new HttpError('Unauthorized', path, method, 401);
    }
    let sent = await send(token);
    if (sent.response.status === 401) {
      // No body is read on 401; one silent renewal, then the sign-in view.
      const renewed = await deps.renewSession();
      if (renewed) sent = await send(renewed);
      if (!renewed || sent.response.status === 401) {
        deps.onUnauthenticated();
        throw new HttpError('Unauthorized', path, method, 401);
      }
    }
    const { response, controller } = sent;
    const readBody = async (): Promise<T> => {
      if (response.status >= 400) {
        const { message, body } = await readErrorBody(response);
        throw new HttpError(message, path, method, response.status, body);
      }
      return responseType === 'blob' ? ((await response.blob()) as T) : readResult<T>(response);
    };
    return withTimeout(readBody(), remaining(), { url: path, method, controller });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    if (!isThisSite(path)) {
      // Every call carries the user's token: an address from stored data (a preset's source, an
      // action) that leads to another site is refused here, before anything is sent.
      const error = new HttpError(
        `Refused to call ${path.slice(0, 200)}: not an address of this site`,
        path,
        method,
      );
      if (!options.silent) deps.onError(error);
      throw error;
    }
    const started = Date.now();
    const remaining = (): number => Math.max(0, deps.timeoutMs - (Date.now() - started));
    // One key for this write, whatever number of tries it takes.
    const key = method !== 'GET' && path !== LOG_PATH ? newKey() : undefined;
    const sendOnce: Send = (token) => {
      const controller = new AbortController();
      options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
      const response = doFetch(path, {
        method,
        headers: headersFor(token, options.body !== undefined, method !== 'GET', key),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'omit',
        signal: controller.signal,
      });
      return withTimeout(response, remaining(), { url: path, method, controller }).then((r) => ({
        response: r,
        controller,
      }));
    };
    // A keyed write is tried again after a 503 or a dropped connection, while tries and time remain.
    const send: Send = async (token) => {
      for (let attempt = 0; ; attempt++) {
        const wait = retryDelays[attempt];
        const again = () =>
          key !== undefined && wait !== undefined && wait < remaining() && !options.signal?.aborted;
        try {
          const sent = await sendOnce(token);
          if (sent.response.status !== 503 || !again()) return sent;
          await sent.response.body?.cancel().catch(() => {});
        } catch (error) {
          if (!isDropped(error) || !again()) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, wait ?? 0));
      }
    };

    const counted = options.background !== true;
    if (counted) deps.loading.begin();
    try {
      return await call<T>(path, method, send, remaining, options.responseType);
    } catch (caught) {
      const error =
        caught instanceof HttpError
          ? caught
          : new HttpError(caught instanceof Error ? caught.message : String(caught), path, method);
      if (error.status !== 401 && !options.signal?.aborted) {
        if (path !== LOG_PATH) {
          const status = error.status === undefined ? '' : ` (${error.status})`;
          void log({
            level: 'error',
            message: `${method} ${path} failed${status}: ${error.message}`,
            url: path,
          });
        }
        if (!options.silent) deps.onError(error);
      }
      throw error;
    } finally {
      if (counted) deps.loading.end();
    }
  }

  return { request, log };
}
