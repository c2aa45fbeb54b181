/**
 * Safe retries over real HTTP on a real database (docs/adr/0031-idempotency-keys.md): a write sent
 * again with its `Idempotency-Key` gets the first answer, marked `Idempotent-Replayed: true`, and
 * is not done twice (a create, a bulk edit, a map action, an export's start); the same key with
 * another request is refused 422; requests sent at once with one key make one record; a key is
 * its account's own; a day later the key is free again and expired keys are swept; a malformed key
 * is a 400 naming the header and a read ignores it; a write that failed (500) or whose client went
 * away before its answer keeps nothing, and its retry does the work once, also when its instance
 * stopped mid-request and the retry reaches another; the answer is committed with the write; the
 * API document names the header.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { saveValues, startSignedIn } from './api-caller.ts';
import { freePort, type TestServer } from './test-server.ts';

const tokens: Record<string, string> = {};
let server: TestServer;
let db: pg.Client;

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  // Pages named idem-fail-once-… fail (500) on the first insert of them all; pages named
  // idem-slow-… take 1.5 s to insert, so requests sent at once overlap, and a test can act while
  // one is inside its insert (insertInProgress).
  await db.query(`
    CREATE SEQUENCE idem_tries;
    CREATE FUNCTION idem_test_page() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name LIKE 'idem-fail-once-%' AND nextval('idem_tries') = 1 THEN
        RAISE EXCEPTION 'simulated failure' USING ERRCODE = 'XX000';
      END IF;
      IF NEW.name LIKE 'idem-slow-%' THEN PERFORM pg_sleep(1.5); END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER idem_test_page BEFORE INSERT ON pages FOR EACH ROW EXECUTE FUNCTION idem_test_page();
  `);
}, 120_000);

afterAll(async () => {
  await db?.end();
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string> };
  /** The raw text, to compare a replay byte for byte. */
  text: string;
  replayed: boolean;
}

async function send(
  who: string,
  method: string,
  path: string,
  body: unknown,
  key?: string,
  { signal, base = server.baseUrl }: { signal?: AbortSignal; base?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal ?? null,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Answer['body'],
    text,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

let serial = 0;
const newKey = () => `${crypto.randomUUID()}`;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;
const pageBody = (name: string) => ({
  values: saveValues({ name, url: `/idem/${name}`, languageCode: 'en', status: 'draft' }),
});

const count = async (sql: string, params: unknown[]): Promise<number> =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]?.n);
const pagesNamed = (name: string) => count('pages WHERE name = $1', [name]);

/** The export of the Pages list's ids under `fileName`, as the export dialog sends it. */
const exportOfPages = (fileName: string) => ({
  storeProcedure: 'bm_export_send',
  values: saveValues({
    fileName,
    pageName: 'Pages',
    criteria: JSON.stringify({ source: '/api/pages', sort: [], selector: [{ field: 'id', label: 'Id' }] }),
  }),
});

/** Resolves once a slow insert (idem-slow-…) is inside its trigger: the request reached the database. */
const insertInProgress = () =>
  expect
    .poll(() => count(`pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`, []), {
      interval: 20,
    })
    .toBeGreaterThan(0);

describe('the same key and the same request', () => {
  it('a create sent again gets the first answer, replayed, and makes no second record', async () => {
    const key = newKey();
    const name = unique('idem-create');
    const first = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    expect(first).toMatchObject({ status: 201, replayed: false, body: { isSuccess: true } });
    // Quoted (the header's structured-field form, as the web sends it) or bare: the same key.
    const again = await send('admin', 'POST', '/api/pages', pageBody(name), `"${key}"`);
    expect(again).toMatchObject({ status: 201, replayed: true });
    expect(again.text).toBe(first.text);
    expect(await pagesNamed(name)).toBe(1);
    // The answer was committed with the write, in the same transaction.
    const { rows } = await db.query<{ status: number; body: string }>(
      'SELECT status, body FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(rows).toEqual([{ status: 201, body: first.text }]);
  });

  it('a bulk edit sent again is applied once', async () => {
    const name = unique('idem-bulk');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO pages (name, url, priority) VALUES ($1, $2, 1) RETURNING id`,
      [name, `/idem/${name}`],
    );
    const id = rows[0]?.id;
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }),
    );
    const body = { ids: [id], values: saveValues({ isActive: false, markedFields: 'isActive' }) };
    const key = newKey();
    const first = await send('admin', 'PUT', `/api/pages/bulk-update?filters=${filters}`, body, key);
    expect(first).toMatchObject({ status: 200, replayed: false, body: { isSuccess: true } });
    const again = await send('admin', 'PUT', `/api/pages/bulk-update?filters=${filters}`, body, key);
    expect(again).toMatchObject({ status: 200, replayed: true });
    expect(again.text).toBe(first.text);
    const version = await db.query<{ row_version: number }>('SELECT row_version FROM pages WHERE id = $1', [
      id,
    ]);
    expect(version.rows[0]?.row_version).toBe(2);
  });

  it('a map action sent again is done once: one history entry', async () => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM merchant_locations WHERE map_status = 'unmapped' ORDER BY id LIMIT 1`,
    );
    const id = rows[0]?.id;
    const body = {
      storeProcedure: 'bm_map_location',
      values: saveValues({ merchantRecordId: id, note: 'Closed for good' }),
    };
    const history = () =>
      count(`merchant_map_history WHERE kind = 'location' AND merchant_record_id = $1`, [id]);
    const before = await history();
    const key = newKey();
    const first = await send('mapper', 'POST', '/api/mapMerchantLocations/ignore', body, key);
    expect(first).toMatchObject({ status: 200, replayed: false, body: { isSuccess: true } });
    const again = await send('mapper', 'POST', '/api/mapMerchantLocations/ignore', body, key);
    expect(again).toMatchObject({ status: 200, replayed: true });
    expect(again.text).toBe(first.text);
    expect(await history()).toBe(before + 1);
  });

  it('an export started again queues one export', async () => {
    const fileName = unique('idem-export');
    const body = exportOfPages(fileName);
    const key = newKey();
    const first = await send('admin', 'POST', '/api/exports/send', body, key);
    expect(first).toMatchObject({ status: 200, replayed: false, body: { isSuccess: true } });
    const again = await send('admin', 'POST', '/api/exports/send', body, key);
    expect(again).toMatchObject({ status: 200, replayed: true });
    expect(again.body).toEqual(first.body);
    expect(await count('exports WHERE file_name = $1', [`${fileName}.xlsx`])).toBe(1);
  });

  it('an export whose job cannot be queued leaves no row, and its retry queues it once', async () => {
    const fileName = unique('idem-export-queue');
    const body = exportOfPages(fileName);
    // The queue refuses exports' jobs for a moment, as a queue that fails mid-request would.
    await db.query(`CREATE FUNCTION bm_test_refuse_export_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.data ? 'exportId' THEN RAISE EXCEPTION 'the queue refused the job'; END IF; RETURN NEW; END $$`);
    await db.query(
      'CREATE TRIGGER bm_test_refuse_export_job BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION bm_test_refuse_export_job()',
    );
    const key = newKey();
    let first: Awaited<ReturnType<typeof send>>;
    try {
      first = await send('admin', 'POST', '/api/exports/send', body, key);
    } finally {
      await db.query('DROP TRIGGER bm_test_refuse_export_job ON pgboss.job');
      await db.query('DROP FUNCTION bm_test_refuse_export_job()');
    }
    expect(first.status).toBeGreaterThanOrEqual(500);
    // No export was left queued without a job.
    expect(await count('exports WHERE file_name = $1', [`${fileName}.xlsx`])).toBe(0);
    const again = await send('admin', 'POST', '/api/exports/send', body, key);
    expect(again).toMatchObject({ status: 200, replayed: false, body: { isSuccess: true } });
    const id = (again.body as { id: number }).id;
    expect(await count('exports WHERE file_name = $1', [`${fileName}.xlsx`])).toBe(1);
    expect(await count(`pgboss.job WHERE data->>'exportId' = $1`, [String(id)])).toBe(1);
  });
});

describe('refusals', () => {
  it('the same key with another body or address is refused 422 naming the header, and nothing is written', async () => {
    const key = newKey();
    const name = unique('idem-first');
    const first = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    expect(first.status).toBe(201);
    const other = unique('idem-other');
    const refused = await send('admin', 'POST', '/api/pages', pageBody(other), key);
    expect(refused.status).toBe(422);
    expect(refused.replayed).toBe(false);
    expect(refused.body.message).toMatch(/Idempotency-Key was used for another request/);
    expect(refused.body.errors).toHaveProperty('Idempotency-Key');
    expect(await pagesNamed(other)).toBe(0);
    const elsewhere = await send('admin', 'PUT', `/api/pages/${first.body.id}`, pageBody(other), key);
    expect(elsewhere.status).toBe(422);
  });

  it('a malformed key is a 400 naming the header; a read ignores the header', async () => {
    for (const key of ['short', 'has a space in it', 'x'.repeat(129), '"unterminated', 'ünïcödé-key-1']) {
      const answer = await send('admin', 'POST', '/api/pages', pageBody(unique('idem-bad')), key);
      expect(answer.status, key).toBe(400);
      expect(answer.body.errors, key).toHaveProperty('Idempotency-Key');
      expect(answer.body.message).toMatch(/Idempotency-Key/);
    }
    expect(await count(`pages WHERE name LIKE 'idem-bad-%'`, [])).toBe(0);
    const read = await send('admin', 'GET', '/api/pages/1', undefined, 'not a key at all');
    expect(read.status).toBe(200);
  });
});

describe('concurrency, accounts and time', () => {
  it('requests sent at once with one key make one record and all get its answer', async () => {
    const key = newKey();
    const name = unique('idem-slow');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send('admin', 'POST', '/api/pages', pageBody(name), key)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(3);
    expect(await pagesNamed(name)).toBe(1);
  });

  it("a key is its account's own: another account's same key is another request", async () => {
    const key = newKey();
    const adminPage = unique('idem-admin');
    const editorPage = unique('idem-editor');
    expect(await send('admin', 'POST', '/api/pages', pageBody(adminPage), key)).toMatchObject({
      status: 201,
      replayed: false,
    });
    expect(await send('editor', 'POST', '/api/pages', pageBody(editorPage), key)).toMatchObject({
      status: 201,
      replayed: false,
    });
    expect(await pagesNamed(adminPage)).toBe(1);
    expect(await pagesNamed(editorPage)).toBe(1);
  });

  it('after 24 hours the key is free again, and expired keys are swept', async () => {
    const key = newKey();
    const name = unique('idem-old');
    expect((await send('admin', 'POST', '/api/pages', pageBody(name), key)).status).toBe(201);
    await db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [
      key,
    ]);
    // Another request with the expired key is a new one: done, not refused.
    const next = unique('idem-new');
    expect(await send('admin', 'POST', '/api/pages', pageBody(next), key)).toMatchObject({
      status: 201,
      replayed: false,
    });
    expect(await pagesNamed(next)).toBe(1);
    // An expired key nobody uses again is deleted by the next keyed request of anyone.
    const stale = newKey();
    await db.query(
      `INSERT INTO idempotency_keys (account, key, fingerprint, request, status, created_at)
       VALUES ('someone@example.com', $1, 'x', 'POST /api/pages', 201, now() - interval '25 hours')`,
      [stale],
    );
    await send('editor', 'POST', '/api/pages', pageBody(unique('idem-sweep')), newKey());
    expect(await count('idempotency_keys WHERE key = $1', [stale])).toBe(0);
  });
});

describe('a write that did not finish keeps nothing', () => {
  it('a failure (500) is not kept: the retry with the key does the work, once', async () => {
    const key = newKey();
    const name = unique('idem-fail-once');
    const failed = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    expect(failed.status).toBe(500);
    expect(await pagesNamed(name)).toBe(0);
    const retried = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    expect(retried).toMatchObject({ status: 201, replayed: false });
    expect(await send('admin', 'POST', '/api/pages', pageBody(name), key)).toMatchObject({
      status: 201,
      replayed: true,
    });
    expect(await pagesNamed(name)).toBe(1);
  });

  it('a client cut off mid-request and retrying with its key gets one record', async () => {
    const key = newKey();
    const name = unique('idem-slow-cut');
    const cut = new AbortController();
    const first = send('admin', 'POST', '/api/pages', pageBody(name), key, { signal: cut.signal });
    await insertInProgress();
    cut.abort();
    await expect(first).rejects.toThrow();
    // The retry either waits for the first (and gets its answer) or finds it rolled back and does
    // the work itself: one record either way, and this answer names it.
    const retried = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    expect(retried.status).toBe(201);
    expect(await pagesNamed(name)).toBe(1);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM pages WHERE name = $1', [name]);
    expect(retried.body.id).toBe(rows[0]?.id);
  });
});

describe('an instance stopping mid-request', () => {
  it('answers 503 and keeps nothing; the retry on another instance makes one record', async () => {
    const port = await freePort();
    // Another instance of the same deployment: same database, same public URL (so the same tokens).
    const other = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: server.databaseUrl,
        PUBLIC_URL: server.baseUrl,
        LOG_LEVEL: 'silent',
        EXPORT_WORKERS: '0',
        SHUTDOWN_GRACE_MS: '100',
      }),
      () => {},
    );
    const key = newKey();
    const name = unique('idem-slow-stop');
    const first = send('admin', 'POST', '/api/pages', pageBody(name), key, {
      base: `http://127.0.0.1:${port}`,
    });
    await insertInProgress();
    // Stopping: the create still running after the grace period is answered 503.
    const stopped = other.close();
    expect((await first).status).toBe(503);
    const retried = await send('admin', 'POST', '/api/pages', pageBody(name), key);
    await stopped;
    expect(retried).toMatchObject({ status: 201, replayed: false });
    expect(await pagesNamed(name)).toBe(1);
  });
});

describe('the API document', () => {
  it('offers the header on every write, and on no read', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/json`);
    if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const takesKey = (path: string, method: string) =>
      doc.paths[path]?.[method]?.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(takesKey('/api/pages/', 'post') ?? takesKey('/api/pages', 'post')).toBe(true);
    expect(takesKey('/api/exports/send', 'post')).toBe(true);
    expect(takesKey('/api/mapMerchantLocations/ignore', 'post')).toBe(true);
    expect(takesKey('/api/pages/{id}', 'get')).toBeFalsy();
  });
});
