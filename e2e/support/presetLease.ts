/**
 * One user's presets of one right are shared state: the in-use preset, the working view ('state')
 * and the named views are the same rows for every browser signed in as that user. Spec files run
 * side by side in two workers, so a file that resets those presets, or asserts on them, must hold
 * them alone while it runs: otherwise another file's reset deletes a view it just created, or
 * another file's working-view save changes its in-use preset halfway through a test.
 *
 * `leasePresets(email, right)` takes a PostgreSQL advisory lock on the pair for the whole file (or
 * describe block): a second file leasing the same pair waits until the first has finished. The lock
 * belongs to a connection of its own, so it goes when the worker does, even one that crashed.
 * `resetPresets` refuses to run without the lease, so a new spec cannot forget it.
 */
import { test } from '@playwright/test';
import type pg from 'pg';
import { connect } from './db.ts';

/** A file waits at most this long for another to finish with the same presets. */
const LEASE_WAIT_MS = 10 * 60_000;

const held = new Set<string>();
const keyOf = (email: string, rightName: string): string => `presets ${email} ${rightName}`;

export function leasePresets(email: string, rightName: string): void {
  const key = keyOf(email, rightName);
  let client: pg.Client | undefined;
  test.beforeAll(async () => {
    test.setTimeout(LEASE_WAIT_MS + 30_000);
    client = await connect();
    await client.query(`SET lock_timeout = ${LEASE_WAIT_MS}`);
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    held.add(key);
  });
  test.afterAll(async () => {
    held.delete(key);
    await client?.end();
    client = undefined;
  });
}

/** Throws unless this worker holds the lease on the pair (see leasePresets). */
export function assertPresetsLeased(email: string, rightName: string): void {
  if (!held.has(keyOf(email, rightName)))
    throw new Error(`lease the presets of ${email} on ${rightName} first: leasePresets(email, right)`);
}
