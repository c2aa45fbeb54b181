/**
 * `POST /api/files/upload`: multipart `file` and `directory`, answered with `{filePath}`.
 * The JSON HTTP client cannot send multipart, so this call carries the session's bearer token itself,
 * without cookies, like every other call; a failure rejects with the server's message.
 */
export const UPLOAD_PATH = '/api/files/upload';

export async function uploadFile(
  file: File,
  directory: string,
  getAccessToken: () => Promise<string | null>,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<string> {
  const token = await getAccessToken();
  if (!token) throw new Error('Unauthorized');
  const body = new FormData();
  body.append('directory', directory);
  body.append('file', file);
  const response = await doFetch(UPLOAD_PATH, {
    method: 'POST',
    body,
    credentials: 'omit',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  const answer = (await response.json().catch(() => ({}))) as { filePath?: unknown; message?: unknown };
  if (!response.ok) {
    throw new Error(
      typeof answer.message === 'string' ? answer.message : `Upload failed with status ${response.status}`,
    );
  }
  if (typeof answer.filePath !== 'string') throw new Error('The upload answer has no file path');
  return answer.filePath;
}

/** One file per upload. */
export const TOO_MANY_FILES_MESSAGE = '1 file is the maximum number of files you can drop here';

export function rejectionMessage(errors: readonly { code: string; message: string }[]): string {
  if (errors.some((e) => e.code === 'too-many-files')) return TOO_MANY_FILES_MESSAGE;
  return errors[0]?.message ?? 'The file was refused';
}
