/** Reading answers: the `{ message }` of an error body and a success body. */
import { type ErrorBody, errorBodySchema } from '@bm/contracts';

export async function readErrorBody(response: Response): Promise<{ message: string; body?: ErrorBody }> {
  const fallback = `Request failed with status ${response.status}`;
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    return parsed.success ? { message: parsed.data.message, body: parsed.data } : { message: fallback };
  } catch {
    return { message: fallback };
  }
}

export async function readResult<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/** Drops credentials a URL might carry in its query before it is logged. */
export const redactUrl = (url: string): string =>
  url.replace(/([?&](?:access_token|id_token|code)=)[^&#]*/gi, '$1…');
