/** Sends a render failure to the client log sink (every render failure is reported). */
import type { HttpClient } from '../../app/http/httpClient.ts';

function describeError(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return `Non-error thrown: ${String(error)}`;
}

export function reportRenderError(http: Pick<HttpClient, 'log'>, error: unknown): void {
  void http.log({ level: 'error', message: describeError(error), url: window.location.href });
}
