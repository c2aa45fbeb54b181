/**
 * Code validation: `POST {validation path} {code}` → `{isSuccess, message}`. The path
 * is the field's validationApi, else `/api/validation/{type}`. Success alerts 'Your code is valid';
 * otherwise the server's message is alerted. A failed call is alerted by the HTTP client.
 */
import type { CodeValidationResult } from '@bm/contracts';
import type { HttpClient } from '../../app/http/httpClient.ts';

export const CODE_VALID_MESSAGE = 'Your code is valid';

export const validationPath = (type: string, validationApi: string | undefined): string =>
  validationApi || `/api/validation/${type}`;

export async function validateCode(
  http: HttpClient,
  path: string,
  code: string,
): Promise<{ ok: boolean; message: string }> {
  const result = await http.request<CodeValidationResult>(path, { method: 'POST', body: { code } });
  return result?.isSuccess
    ? { ok: true, message: CODE_VALID_MESSAGE }
    : { ok: false, message: result?.message || 'The code is not valid' };
}
