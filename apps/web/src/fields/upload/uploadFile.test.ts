import { describe, expect, it, vi } from 'vitest';
import { rejectionMessage, TOO_MANY_FILES_MESSAGE, UPLOAD_PATH, uploadFile } from './uploadFile.ts';

describe('uploadFile', () => {
  it('posts the file and directory as multipart with the bearer token and no cookies', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ filePath: 'images/a.png' }),
    );
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(uploadFile(file, 'images', async () => 'tok', fetchMock)).resolves.toBe('images/a.png');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(UPLOAD_PATH);
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    const body = init?.body as FormData;
    expect(body.get('directory')).toBe('images');
    expect((body.get('file') as File).name).toBe('a.png');
  });

  it("rejects with the server's message", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ message: 'The directory is outside the storage root' }, { status: 400 }),
    );
    await expect(uploadFile(new File(['x'], 'a'), '../', async () => 'tok', fetchMock)).rejects.toThrow(
      'The directory is outside the storage root',
    );
    await expect(uploadFile(new File(['x'], 'a'), '', async () => null, fetchMock)).rejects.toThrow(
      'Unauthorized',
    );
  });

  it('says one file is the most', () => {
    expect(rejectionMessage([{ code: 'too-many-files', message: 'Too many files' }])).toBe(
      TOO_MANY_FILES_MESSAGE,
    );
    expect(TOO_MANY_FILES_MESSAGE).toBe('1 file is the maximum number of files you can drop here');
    expect(rejectionMessage([{ code: 'file-too-large', message: 'File is larger than 5 MB' }])).toBe(
      'File is larger than 5 MB',
    );
  });
});
