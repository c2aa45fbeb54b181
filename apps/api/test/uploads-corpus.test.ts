/**
 * A corpus of hostile uploads over real HTTP, one table: traversal, absolute and encoded names, NUL,
 * overlong names, oversized files, SVG and HTML with script (named as such or disguised), polyglots,
 * a content type that lies, and a traversing `directory`. Each is refused with a 4xx naming the
 * field, or stored harmlessly: inside the storage root (checked on disk, and nothing appears beside
 * it), and served back as a download with `nosniff` and a sandboxing CSP, so nothing renders inline.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let token: string;
/** outer/inner/storage: a file escaping one or two levels would land in inner or outer. */
let outer: string;
let root: string;

beforeAll(async () => {
  outer = await mkdtemp(path.join(tmpdir(), 'bm-upload-corpus-'));
  root = path.join(outer, 'inner', 'storage');
  // Without request limits: the corpus sends more uploads in a minute than one account may
  // (rate-limits.test.ts covers that limit).
  server = await startTestServer({ STORAGE_DIR: root, RATE_LIMITS: 'off' });
  token = (await signIn(server.baseUrl, 'editor@bmtools.local', 'editor')).accessToken;
});

afterAll(async () => {
  await rm(outer, { recursive: true, force: true });
});

const FOLDER = 'pages/images';
const MAX_BYTES = 10 * 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF = Buffer.from('GIF89a');
const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const pdfWithJs = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF',
);

interface Case {
  name: string;
  filename: string;
  content: Buffer;
  /** The part's declared content type (the server goes by name and first bytes, never this). */
  type?: string;
  directory?: string;
  /** 'stored', or the status and the field the refusal names. */
  expect: 'stored' | { status: number; field?: string; message?: RegExp };
}

const refusedFile = { status: 400, field: 'file' };
const refusedDirectory = { status: 400, field: 'directory' };

const CORPUS: Case[] = [
  // Names that try to leave the folder: the stored name is ours, the client's path is dropped.
  {
    name: 'unix traversal',
    filename: '../../etc/passwd',
    content: Buffer.from('root:x:0:0'),
    expect: refusedFile,
  },
  { name: 'unix traversal, .png', filename: '../../../etc/x.png', content: PNG, expect: 'stored' },
  {
    name: 'windows traversal',
    filename: '..\\..\\win.ini',
    content: Buffer.from('[x]'),
    expect: refusedFile,
  },
  { name: 'windows traversal, .png', filename: '..\\..\\x.png', content: PNG, expect: 'stored' },
  { name: 'absolute unix path', filename: '/etc/passwd', content: Buffer.from('root'), expect: refusedFile },
  { name: 'absolute windows path', filename: 'C:\\x', content: Buffer.from('x'), expect: refusedFile },
  { name: 'absolute windows path, .png', filename: 'C:\\Windows\\x.png', content: PNG, expect: 'stored' },
  { name: 'encoded dots', filename: '%2e%2e%2fx.png', content: PNG, expect: 'stored' },
  { name: 'half-encoded dots', filename: '..%2f..%2fx.png', content: PNG, expect: 'stored' },
  { name: 'double-encoded dot', filename: '%252e%252e%252fx.png', content: PNG, expect: 'stored' },
  { name: 'NUL before .html', filename: 'a.png\u0000.html', content: html, expect: refusedFile },
  { name: 'overlong name', filename: `${'a'.repeat(5000)}.png`, content: PNG, expect: 'stored' },
  {
    name: 'oversized file',
    filename: 'big.png',
    content: Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]),
    expect: { status: 413, field: 'file', message: /larger than 10 MB/ },
  },
  // Types that run in a browser: refused by name, or by first bytes when disguised.
  { name: 'SVG with script and onload', filename: 'x.svg', content: svg, expect: refusedFile },
  { name: 'SVG named .png', filename: 'x.png', content: svg, type: 'image/png', expect: refusedFile },
  { name: 'HTML with script', filename: 'x.html', content: html, expect: refusedFile },
  { name: 'HTML named .htm', filename: 'x.htm', content: html, expect: refusedFile },
  {
    name: 'HTML disguised as .png',
    filename: 'x.png',
    content: html,
    type: 'image/png',
    expect: refusedFile,
  },
  { name: 'HTML disguised as .gif', filename: 'x.gif', content: html, expect: refusedFile },
  // Polyglots: real magic bytes, then markup or script. Stored, but only ever served as a download.
  {
    name: 'PNG header then HTML',
    filename: 'poly.png',
    content: Buffer.concat([PNG, html]),
    expect: 'stored',
  },
  {
    name: 'GIF header then JS',
    filename: 'poly.gif',
    content: Buffer.concat([GIF, Buffer.from('=1;alert(1)//')]),
    expect: 'stored',
  },
  { name: 'PDF with JavaScript', filename: 'js.pdf', content: pdfWithJs, expect: 'stored' },
  { name: 'text holding HTML', filename: 'x.txt', content: html, expect: 'stored' },
  // A declared type that lies is ignored: the answer goes by the name and the first bytes.
  { name: 'PNG declared text/html', filename: 'lie.png', content: PNG, type: 'text/html', expect: 'stored' },
  {
    name: 'HTML declared image/png',
    filename: 'lie.png',
    content: html,
    type: 'image/png',
    expect: refusedFile,
  },
  // The directory parameter.
  ...[
    '../pages/images',
    'pages/images/../../..',
    'pages/../../inner',
    '/etc',
    '/pages/images',
    'C:\\pages',
    'pages\\images',
    'pages%2fimages',
    '..%2f..%2f',
    '%252e%252e',
    '%2e%2e',
    'pages/images\u0000',
    'pages/./images',
    `${'a/'.repeat(20)}x`,
  ].map(
    (directory): Case => ({
      name: `directory ${JSON.stringify(directory)}`,
      filename: 'x.png',
      content: PNG,
      directory,
      expect: refusedDirectory,
    }),
  ),
];

async function upload(c: Case) {
  const form = new FormData();
  form.append('directory', c.directory ?? FOLDER);
  form.append('file', new Blob([c.content], c.type ? { type: c.type } : {}), c.filename);
  const response = await fetch(`${server.baseUrl}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; filePath?: string; errors?: Record<string, string> },
  };
}

/** Every file under a folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('the upload corpus', () => {
  it.each(CORPUS)('$name', async (c) => {
    const before = await filesUnder(root);
    const response = await upload(c);
    const after = await filesUnder(root);
    if (c.expect !== 'stored') {
      expect(response.status).toBe(c.expect.status);
      if (c.expect.field) {
        expect(Object.keys(response.body.errors ?? {})).toEqual([c.expect.field]);
        expect(response.body.message.length).toBeGreaterThan(0);
      }
      if (c.expect.message) expect(response.body.message).toMatch(c.expect.message);
      // Nothing was stored.
      expect(after).toEqual(before);
      return;
    }
    expect(response.status).toBe(200);
    const filePath = response.body.filePath as string;
    // The stored name is ours: the chosen folder, letters, digits, - and _, a random part, the type.
    expect(filePath).toMatch(/^pages\/images\/[A-Za-z0-9_-]{1,60}-[0-9a-f]{12}\.[a-z]+$/);
    // On disk: exactly one new file, at that path, inside the root, with the bytes sent.
    expect(after.filter((f) => !before.includes(f))).toEqual([filePath]);
    const absolute = path.resolve(root, filePath);
    expect(absolute.startsWith(`${root}${path.sep}`)).toBe(true);

    // Served back only as a download that nothing renders or sniffs.
    const served = await fetch(`${server.baseUrl}/api/files/${filePath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(c.content)).toBe(true);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(served.headers.get('content-type')).not.toMatch(/html|svg|xml|javascript/i);
  });

  it('stored nothing outside the storage root', async () => {
    expect(await readdir(outer)).toEqual(['inner']);
    expect(await readdir(path.join(outer, 'inner'))).toEqual(['storage']);
    expect(await readdir(root)).toEqual(['pages']);
    for (const file of await filesUnder(root)) expect(file).toMatch(/^pages\/images\/[^/]+$/);
  });
});

/** A GET with the path sent exactly as written (fetch would fold `..` and `%2e%2e` first). */
function rawGet(rawPath: string): Promise<{ status: number; type: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.baseUrl);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: rawPath, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? '') }),
        );
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end();
  });
}

describe('serving uploaded files', () => {
  it.each([
    '../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e/%2e%2e/etc/passwd',
    '%252e%252e/etc/passwd',
    'pages/images/../../../inner',
    '..\\..\\inner',
    'pages/images/x.html',
    'pages/images/none-000000000000.png',
  ])('answers 404 for %j without leaving the root', async (tail) => {
    const response = await rawGet(`/api/files/${tail}`);
    expect(response.status).toBe(404);
    expect(response.type).toMatch(/json/);
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${server.baseUrl}/api/files/pages/images/none-000000000000.png`)).status).toBe(401);
  });
});
