/**
 * `POST /api/files/upload` over real HTTP: who may upload (Create or Edit of a form with an upload
 * field), into which folders (those the forms name), and that a misnamed or malformed multipart body
 * gets a 4xx answer instead of hanging or failing with a 500.
 */
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function upload(who: string, parts: Array<[string, string | [string, Buffer]]>) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value[1]]), value[0]);
  }
  const response = await fetch(`${server.baseUrl}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[who]}` },
    body: form,
    // Bounded: a request the server never answers fails the test instead of hanging it.
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; filePath?: string; errors?: Record<string, string> },
  };
}

/** Sends a raw body with the given content type, as a client that does not use a form library. */
function rawPost(contentType: string, body: string): Promise<{ status: number; body: { message: string } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.baseUrl}/api/files/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.editor}`,
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
        },
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end(body);
  });
}

describe('who may upload, and where', () => {
  it('lets the Create or Edit right of a form with an upload field store into its folder', async () => {
    for (const who of ['editor', 'admin']) {
      const response = await upload(who, [
        ['directory', 'pages/images'],
        ['file', ['hero.png', png]],
      ]);
      expect(response.status).toBe(200);
      expect(response.body.filePath).toMatch(/^pages\/images\/hero-[0-9a-f]{12}\.png$/);
    }
  });

  it("stores the uploaded path as the page's image", async () => {
    const uploaded = await upload('editor', [
      ['directory', 'pages/images'],
      ['file', ['hero.png', png]],
    ]);
    const headers = { authorization: `Bearer ${tokens.editor}`, 'content-type': 'application/json' };
    const values = { name: 'Image page', url: '/image-page', languageCode: 'en', status: 'draft' };
    const created = await fetch(`${server.baseUrl}/api/pages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        storeProcedure: 'bm_page_save',
        values: Object.entries({ ...values, imagePath: uploaded.body.filePath }).map(([mapkey, value]) => ({
          mapkey,
          value,
        })),
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const stored = await fetch(`${server.baseUrl}/api/pages/${id}`, { headers });
    expect(((await stored.json()) as { imagePath: string }).imagePath).toBe(uploaded.body.filePath);
  });

  it('refuses viewer and mapper, who hold no such right', async () => {
    for (const who of ['viewer', 'mapper']) {
      const response = await upload(who, [
        ['directory', 'pages/images'],
        ['file', ['hero.png', png]],
      ]);
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/^Missing right .*BMTools\/Page\/Create/);
    }
  });

  it.each(['', 'pages', 'pages/images/sub', 'reports', 'e2e'])(
    'refuses the folder %j that no form names',
    async (directory) => {
      const response = await upload('admin', [
        ['directory', directory],
        ['file', ['hero.png', png]],
      ]);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ directory: 'Is not an allowed folder' });
      expect(response.body.message).toContain('directory');
    },
  );
});

describe('malformed uploads get a 4xx answer', () => {
  it('refuses a file part not named file, naming it, instead of never answering', async () => {
    const response = await upload('editor', [
      ['directory', 'pages/images'],
      ['upload', ['a.txt', Buffer.from('hello')]],
    ]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unexpected file part "upload": send the file as "file"');
    expect(response.body.errors).toEqual({ upload: 'Send the file as "file"' });
    // The server is still answering uploads afterwards.
    expect(
      (
        await upload('editor', [
          ['directory', 'pages/images'],
          ['file', ['a.png', png]],
        ])
      ).status,
    ).toBe(200);
  });

  it('refuses a body cut short before its closing boundary', async () => {
    const body = [
      '--xyz',
      'Content-Disposition: form-data; name="directory"',
      '',
      'pages/images',
      '--xyz',
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'hello, and then noth',
    ].join('\r\n');
    const response = await rawPost('multipart/form-data; boundary=xyz', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^The multipart body is malformed/);
  });

  it('refuses a multipart body without a boundary', async () => {
    const response = await rawPost('multipart/form-data', 'directory=pages');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).toMatch(/boundary/i);
  });
});
