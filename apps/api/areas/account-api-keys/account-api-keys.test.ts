/**
 * Account API keys over real HTTP: the server makes every key, answers it once and stores only its
 * SHA-256 hash; a key or hash sent by the client is never stored; a new key only on request; the
 * key appears nowhere in the database; only administrators write.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { REGENERATE_KEY } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const API = '/api/accountapikey';
const KEY = /^bmk_[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const keyRecord = (fields: Record<string, unknown> = {}) =>
  saveValues({
    accountName: 'Harbour Lights Cruises',
    description: 'Booking engine, production',
    expiresAt: '2031-01-31',
    enabled: true,
    ...fields,
  });

async function storedHash(id: unknown): Promise<string | undefined> {
  const { rows } = await db.query<{ key_hash: string }>(
    'SELECT key_hash FROM account_api_keys WHERE id = $1',
    [id],
  );
  return rows[0]?.key_hash;
}

interface Created {
  id: number;
  key: string;
}

async function create(fields: Record<string, unknown> = {}): Promise<Created> {
  const created = await call('admin', 'POST', API, { values: keyRecord(fields) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const generated = created.body.generatedKey as { mapKey: string; key: string };
  expect(generated.mapKey).toBe('keyHash');
  expect(generated.key).toMatch(KEY);
  return { id: created.body.id as number, key: generated.key };
}

describe('the key generator', () => {
  it('answers a new key once on create and stores only its SHA-256', async () => {
    const { id, key } = await create();
    const hash = await storedHash(id);
    expect(hash).toBe(sha256(key));
    expect(hash).not.toContain(key);
    // The record shows the hash, never the key.
    const read = await call('admin', 'GET', `${API}/${id}`);
    expect(read.body.keyHash).toBe(hash);
    expect(JSON.stringify(read.body)).not.toContain(key);
    const list = await call('admin', 'GET', `${API}?pageSize=1000`);
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('gives every create a different key', async () => {
    const a = await create({ accountName: 'Orbit Online Travel' });
    const b = await create({ accountName: 'Orbit Online Travel' });
    expect(a.key).not.toBe(b.key);
    expect(await storedHash(a.id)).not.toBe(await storedHash(b.id));
  });

  it('ignores a key or hash the client sends on create', async () => {
    const chosen = 'a'.repeat(64);
    for (const value of [chosen, 'bmk_chosen-by-the-client', REGENERATE_KEY]) {
      const { id, key } = await create({ keyHash: value });
      expect(await storedHash(id)).toBe(sha256(key));
      expect(await storedHash(id)).not.toBe(value);
    }
    const { rows } = await db.query('SELECT 1 FROM account_api_keys WHERE key_hash = $1', [chosen]);
    expect(rows).toEqual([]);
  });

  it('keeps the hash on a plain edit, even when the client sends another one', async () => {
    const { id } = await create();
    const before = await storedHash(id);
    const read = await call('admin', 'GET', `${API}/${id}`);
    const edited = await call('admin', 'PUT', `${API}/${id}`, {
      values: saveValues({
        description: 'Booking engine, moved to Dublin',
        keyHash: 'b'.repeat(64),
        rowVersion: read.body.rowVersion,
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.generatedKey).toBeUndefined();
    expect(await storedHash(id)).toBe(before);
    expect((await call('admin', 'GET', `${API}/${id}`)).body.description).toBe(
      'Booking engine, moved to Dublin',
    );
  });

  it('replaces the hash and answers a new key when the edit asks for one', async () => {
    const { id, key: old } = await create();
    const read = await call('admin', 'GET', `${API}/${id}`);
    const regenerated = await call('admin', 'PUT', `${API}/${id}`, {
      values: saveValues({ keyHash: REGENERATE_KEY, rowVersion: read.body.rowVersion }),
    });
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(200);
    const { mapKey, key } = regenerated.body.generatedKey as { mapKey: string; key: string };
    expect(mapKey).toBe('keyHash');
    expect(key).toMatch(KEY);
    expect(key).not.toBe(old);
    expect(await storedHash(id)).toBe(sha256(key));
  });

  it('writes no key anywhere in the database', async () => {
    const { key } = await create({ accountName: 'Fjord & Field Adventures' });
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', server.databaseUrl], {
      maxBuffer: 512 * 1024 * 1024,
    });
    expect(stdout).toContain(sha256(key));
    expect(stdout).not.toContain(key);
  });

  it('refuses an expiry before the key was made, naming the field', async () => {
    const refused = await call('admin', 'POST', API, { values: keyRecord({ expiresAt: '2020-01-01' }) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['expiresAt']);
    expect(refused.body.generatedKey).toBeUndefined();
  });

  it('seeds the demo accounts with hashes only', async () => {
    const { rows } = await db.query<{ keys: number; accounts: number }>(
      `SELECT count(*)::int AS keys, count(DISTINCT account_name)::int AS accounts FROM account_api_keys
        WHERE key_hash IN (SELECT encode(sha256(convert_to('bm-demo-account-key:' || i, 'UTF8')), 'hex')
                             FROM generate_series(0, 53) AS i)`,
    );
    expect(rows[0]).toEqual({ keys: 48, accounts: 18 });
  });
});

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer lists', async () => {
    const { id } = await create();
    const read = await call('admin', 'GET', `${API}/${id}`);
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect((await call(who, 'POST', API, { values: keyRecord() })).status, who).toBe(403);
      const put = await call(who, 'PUT', `${API}/${id}`, {
        values: saveValues({ keyHash: REGENERATE_KEY, rowVersion: read.body.rowVersion }),
      });
      expect(put.status, who).toBe(403);
      expect(put.body.generatedKey).toBeUndefined();
      expect((await call(who, 'DELETE', `${API}/${id}`)).status, who).toBe(403);
    }
    expect((await call('viewer', 'GET', `${API}?pageSize=5`)).status).toBe(200);
    expect((await call('admin', 'GET', `${API}/${id}`)).body.rowVersion).toBe(read.body.rowVersion);
    expect((await call('admin', 'DELETE', `${API}/${id}`)).status).toBe(200);
  });
});
