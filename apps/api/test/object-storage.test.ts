/**
 * Stored files in an S3-compatible bucket (STORAGE_URL), over real HTTP against a real S3 server
 * on a loopback port (s3-server.ts) and the real database:
 * - an upload lands in the bucket (not in a folder) and downloads with the same rights as from a
 *   folder: the reader of the area gets its bytes, anyone else the 404 of a missing file;
 * - an export finishes into the bucket and downloads to its owner only;
 * - deletion and the retention sweep remove the objects;
 * - an upload left unfinished (a multipart upload its process never completed) is found and aborted
 *   by the sweep, while the one of a running attempt is kept;
 * - a start whose bucket does not answer stops, naming STORAGE_URL;
 * - both stores (the local folder and the bucket) pass one behaviour suite, table-driven.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type FileStore, type FileUpload, localFileStore } from '../src/files/file-store.ts';
import { s3ClientOf, s3FileStore } from '../src/files/s3-file-store.ts';
import { startServer } from '../src/server.ts';
import { waitFor } from './child-server.ts';
import { afterFile } from './file-end.ts';
import { type S3TestServer, startS3Server } from './s3-server.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** This file's part of the bucket: the server's prefix, and the contract suite's beside it. */
const PREFIX = `run-${randomBytes(4).toString('hex')}/`;

let s3: S3TestServer;
let client: S3Client;
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  client = bucketClient();
  afterFile(async () => {
    client.destroy();
    await s3.close();
  });
  server = await startTestServer(s3.env(PREFIX));
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

/** A client of the test's bucket, made from the same settings the server reads. */
function bucketClient(): S3Client {
  const settings = loadConfig(s3.env(PREFIX)).objectStorage;
  if (!settings) throw new Error('STORAGE_URL was not read');
  return s3ClientOf(settings);
}

/** The object's bytes, or null when the bucket has no such key. */
async function objectBytes(key: string): Promise<Buffer | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** Keys of the multipart uploads in progress under a prefix. */
async function uploadsInProgress(prefix: string): Promise<string[]> {
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Uploads ?? []).map((upload) => upload.Key ?? '').sort();
}

const call = async (who: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

describe('uploaded files in the bucket', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

  async function upload(who: string, directory: string, name: string, content: Buffer) {
    const form = new FormData();
    form.append('directory', directory);
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${server.baseUrl}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[who]}` },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: (await response.json()) as { filePath?: string } };
  }

  it('are stored under the uploads prefix and served back with the same rights', async () => {
    const uploaded = await upload('editor', 'pages/images', 'hero.png', png);
    expect(uploaded.status).toBe(200);
    const filePath = uploaded.body.filePath ?? '';
    expect(filePath).toMatch(/^pages\/images\/hero-[0-9a-f]{12}\.png$/);
    expect(await objectBytes(`${PREFIX}uploads/${filePath}`)).toEqual(png);
    // Not in the uploads folder the server would use without STORAGE_URL.
    expect(existsSync(path.join(loadConfig({}).storageDir, filePath))).toBe(false);

    // Whoever may see the Pages area reads it, as a download that never renders.
    for (const who of ['editor', 'viewer', 'admin']) {
      const answer = await call(who, 'GET', `/api/files/${filePath}`);
      expect(answer.status, who).toBe(200);
      expect(answer.bytes).toEqual(png);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('content-length')).toBe(String(png.length));
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="${path.basename(filePath)}"`,
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The mapper holds no right of the area: the same 404 as for a file that does not exist.
    const refused = await call('mapper', 'GET', `/api/files/${filePath}`);
    const missing = await call('editor', 'GET', '/api/files/pages/images/gone-0123456789ab.png');
    expect([refused.status, missing.status]).toEqual([404, 404]);
    expect(refused.bytes.toString()).toBe(missing.bytes.toString());
    // Uploading still needs the Create or Edit right of the form.
    expect((await upload('viewer', 'pages/images', 'hero.png', png)).status).toBe(403);
  });
});

describe('exports in the bucket', () => {
  const criteria = {
    source: '/api/reservations',
    sort: ['id=ASC'],
    selector: [{ field: 'id', label: 'Id' }],
  };

  async function send(fileName: string): Promise<number> {
    const answer = await call('admin', 'POST', '/api/exports/send', {
      storeProcedure: 'bm_export_send',
      values: [
        { mapkey: 'fileName', value: fileName },
        { mapkey: 'criteria', value: JSON.stringify(criteria) },
        { mapkey: 'pageName', value: 'Object storage' },
      ],
    });
    expect(answer.status, answer.bytes.toString()).toBe(200);
    return Number((JSON.parse(answer.bytes.toString()) as { id: number }).id);
  }

  async function done(id: number): Promise<string> {
    return waitFor(
      `export ${id} done`,
      async () => {
        const { rows } = await server.db.query<{ status: string; storage_key: string | null }>(
          'SELECT status, storage_key FROM exports WHERE id = $1',
          [id],
        );
        const row = rows[0];
        if (row && !['queued', 'running', 'done'].includes(row.status))
          throw new Error(`export ${row.status}`);
        return row?.status === 'done' && row.storage_key ? row.storage_key : undefined;
      },
      30_000,
    );
  }

  it('finish into the bucket and download to their owner', async () => {
    const id = await send('bucket');
    const key = await done(id);
    const stored = await objectBytes(`${PREFIX}exports/${key}`);
    expect(stored?.subarray(0, 2).toString()).toBe('PK');
    const downloaded = await call('admin', 'GET', `/api/exports/download?id=${id}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes).toEqual(stored);
    expect(downloaded.headers.get('content-length')).toBe(String(stored?.length));
    // Someone else's export stays theirs.
    expect((await call('editor', 'GET', `/api/exports/download?id=${id}`)).status).toBe(403);
    // Nothing went to the export folder.
    expect(await readdir(server.exportDir)).toEqual([]);
  });

  it('are removed from the bucket by deletion and by the retention', async () => {
    const [kept, deleted] = [await send('kept'), await send('deleted')];
    const keys = [await done(kept), await done(deleted)];
    for (const key of keys) expect(await objectBytes(`${PREFIX}exports/${key}`)).not.toBeNull();
    expect((await call('admin', 'DELETE', `/api/exports/${deleted}`, { values: [] })).status).toBe(200);
    await server.db.query(`UPDATE exports SET finished_at = now() - interval '200 hours' WHERE id = $1`, [
      kept,
    ]);
    expect(await server.exportJobs.sweep()).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(await objectBytes(`${PREFIX}exports/${key}`)).toBeNull();
    expect((await call('admin', 'GET', `/api/exports/download?id=${kept}`)).status).toBe(410);
    expect((await call('admin', 'GET', `/api/exports/download?id=${deleted}`)).status).toBe(404);
  });

  it('abort an upload left unfinished, and keep the one of a running attempt', async () => {
    // A running export of another instance, and the upload its attempt is writing.
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO exports (file_name, requested_by, entity, source, criteria, status, attempt, worker,
                            started_at, heartbeat_at)
       VALUES ('running.xlsx', 'admin@bmtools.local', 'Reservation', '/api/reservations', $1, 'running', 1,
               'elsewhere', now(), now())
       RETURNING id`,
      [criteria],
    );
    const running = Number(rows[0]?.id);
    const begin = async (key: string) => {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }),
      );
      await client.send(
        new UploadPartCommand({
          Bucket: s3.bucket,
          Key: key,
          UploadId,
          PartNumber: 1,
          Body: randomBytes(1024),
        }),
      );
    };
    // The upload of a run killed mid-write: its export (none here) no longer runs that attempt.
    const orphan = `${PREFIX}exports/xlsx/999999999-1-0123456789ab.xlsx`;
    const writing = `${PREFIX}exports/xlsx/${running}-1-0123456789ab.xlsx`;
    await begin(orphan);
    await begin(writing);
    expect(await uploadsInProgress(`${PREFIX}exports/`)).toEqual([orphan, writing].sort());

    await server.exportJobs.sweep();
    expect(await uploadsInProgress(`${PREFIX}exports/`)).toEqual([writing]);

    // Once that attempt no longer runs, its upload goes too.
    await server.db.query(`UPDATE exports SET status = 'failed', finished_at = now() WHERE id = $1`, [
      running,
    ]);
    await server.exportJobs.sweep();
    expect(await uploadsInProgress(`${PREFIX}exports/`)).toEqual([]);
  });
});

describe('the start', () => {
  it('stops when the bucket does not answer, naming STORAGE_URL', async () => {
    const config = loadConfig({
      ...s3.env(PREFIX),
      STORAGE_URL: 's3://no-such-bucket/x',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: server.databaseUrl,
      LOG_LEVEL: 'silent',
    });
    await expect(startServer(config, () => {})).rejects.toThrow(
      /^STORAGE_URL: the bucket s3:\/\/no-such-bucket\/x\/ at http:\/\/127\.0\.0\.1:\d+ does not answer: NotFound \(HTTP 404\)/,
    );
  });
});

// One behaviour suite, run against each implementation.
const PART = 5 * 1024 * 1024;
const IMPLEMENTATIONS: Array<[string, () => Promise<{ store: FileStore; close(): Promise<void> }>]> = [
  [
    'a local folder',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'bm-store-contract-'));
      return { store: localFileStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const own = bucketClient();
      const store = s3FileStore(own, { bucket: s3.bucket, prefix: `${PREFIX}contract/` });
      return { store, close: async () => own.destroy() };
    },
  ],
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(store: FileStore, key: string): Promise<{ bytes: Buffer; size: number } | null> {
  const file = await store.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: file.size };
}

/** Writes the chunks through the upload's stream, heeding its backpressure. */
async function write(upload: FileUpload, chunks: Buffer[], end: boolean): Promise<void> {
  for (const chunk of chunks) {
    if (!upload.stream.write(chunk)) await new Promise((resolve) => upload.stream.once('drain', resolve));
  }
  if (end) upload.stream.end();
}

describe.each(IMPLEMENTATIONS)('the file store contract: %s', (_name, open) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
    return () => close();
  });

  it('stores a streamed file whole, opens and lists it, and removes it', async () => {
    const chunks = [randomBytes(1000), randomBytes(70_000), Buffer.from('end')];
    const upload = await store.begin('xlsx/1-1-aa.xlsx');
    await write(upload, chunks, true);
    expect(await upload.done()).toBe(71_003);
    const stored = await read(store, 'xlsx/1-1-aa.xlsx');
    expect(stored?.size).toBe(71_003);
    expect(stored?.bytes.equals(Buffer.concat(chunks))).toBe(true);
    // Listed under its prefix only; nothing unfinished is left.
    const other = await store.begin('other/x.txt');
    await write(other, [Buffer.from('x')], true);
    await other.done();
    expect(await store.list('xlsx/')).toEqual([{ key: 'xlsx/1-1-aa.xlsx', unfinished: false }]);
    await store.remove('xlsx/1-1-aa.xlsx');
    expect(await store.open('xlsx/1-1-aa.xlsx')).toBeNull();
    expect(await store.list('xlsx/')).toEqual([]);
    expect((await store.list('other/')).map((entry) => entry.key)).toEqual(['other/x.txt']);
  });

  it('answers a missing key with null, and removes one without an error', async () => {
    expect(await store.open('xlsx/none.xlsx')).toBeNull();
    await store.remove('xlsx/none.xlsx');
    await store.removeUnfinished('xlsx/none.xlsx');
  });

  it('keeps nothing of an aborted upload, and the key stays free', async () => {
    const upload = await store.begin('xlsx/2-1-bb.xlsx');
    await write(upload, [randomBytes(10_000)], false);
    await upload.abort();
    expect(await store.open('xlsx/2-1-bb.xlsx')).toBeNull();
    expect(await store.list('xlsx/')).toEqual([]);
    const again = await store.begin('xlsx/2-1-bb.xlsx');
    await write(again, [Buffer.from('second')], true);
    expect(await again.done()).toBe(6);
    expect((await read(store, 'xlsx/2-1-bb.xlsx'))?.bytes.toString()).toBe('second');
    await store.remove('xlsx/2-1-bb.xlsx');
  });

  it('stores a file larger than one part, and opens it whole', async () => {
    const chunks = Array.from({ length: 11 }, () => randomBytes(PART / 10));
    const upload = await store.begin('xlsx/3-1-cc.xlsx');
    await write(upload, chunks, true);
    const whole = Buffer.concat(chunks);
    expect(await upload.done()).toBe(whole.length);
    const stored = await read(store, 'xlsx/3-1-cc.xlsx');
    expect(stored?.size).toBe(whole.length);
    expect(sha(stored?.bytes ?? Buffer.alloc(0))).toBe(sha(whole));
    await store.remove('xlsx/3-1-cc.xlsx');
  });

  it('lists an upload its writer left unfinished, and drops it', async () => {
    // More than one part, never ended: the state a killed process leaves.
    const upload = await store.begin('xlsx/4-1-dd.xlsx');
    await write(
      upload,
      Array.from({ length: 11 }, () => randomBytes(PART / 10)),
      false,
    );
    await waitFor(
      'the unfinished upload listed',
      async () => {
        const listed = await store.list('xlsx/');
        return listed.some((entry) => entry.key === 'xlsx/4-1-dd.xlsx' && entry.unfinished)
          ? true
          : undefined;
      },
      10_000,
    );
    expect(await store.open('xlsx/4-1-dd.xlsx')).toBeNull();
    await store.removeUnfinished('xlsx/4-1-dd.xlsx');
    expect(await store.list('xlsx/')).toEqual([]);
    await upload.abort();
  });

  it.each(['../x.xlsx', '/etc/passwd', 'xlsx/../../x', 'xlsx/a\\b', 'xlsx/.hidden', 'xlsx/x.xlsx.part', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.begin(key)).rejects.toThrow(/Invalid storage key/);
      await expect(store.open(key)).rejects.toThrow(/Invalid storage key/);
    },
  );
});
