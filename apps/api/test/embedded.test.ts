import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { freePort } from './test-server.ts';

const dir = path.resolve(import.meta.dirname, '../../../.tmp/embedded-test');

async function ping(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
  await client.end();
  return rows[0]?.one ?? 0;
}

describe('embedded PostgreSQL', () => {
  it('creates the cluster once, starts it again, and survives a stale postmaster.pid', async () => {
    rmSync(dir, { recursive: true, force: true });
    const port = await freePort();
    const first = await startEmbeddedDatabase(dir, port);
    expect(first.created).toBe(true);
    expect(await ping(first.url)).toBe(1);
    await first.stop();

    const second = await startEmbeddedDatabase(dir, port);
    expect(second.created).toBe(false);
    await second.stop();

    // A crash leaves the pid file of a process that no longer exists.
    writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), '999999\n/nonexistent\n');
    const third = await startEmbeddedDatabase(dir, port);
    expect(await ping(third.url)).toBe(1);
    await third.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
