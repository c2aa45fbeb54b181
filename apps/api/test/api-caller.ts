/**
 * Calls the API over real HTTP as one of the signed-in demo users, the way the SPA does: a bearer
 * token, JSON in, JSON out (null for an empty answer).
 */
interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string> };
}

export type ApiCall = (who: string, method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

/** `baseUrl` is read at each call, so a caller can be made before the server starts. */
export function apiCaller(baseUrl: () => string, tokens: Readonly<Record<string, string>>): ApiCall {
  return async (who, method, path, body) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as ApiAnswer['body'] };
  };
}

/** A record as the save payload's `values`: one `{mapkey, value}` per key. */
export const saveValues = (record: Record<string, unknown>) =>
  Object.entries(record).map(([mapkey, value]) => ({ mapkey, value }));
