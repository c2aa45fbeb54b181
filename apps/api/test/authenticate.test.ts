/**
 * Sign-in timing must not tell which emails exist: every path of authenticate() costs exactly one
 * scrypt run and makes no new hash (no salt drawn): a known email, an unknown one, a disabled
 * account, an account without a password. Counted on node:crypto, not timed, so the test holds on a
 * loaded machine (and replaces no module: the API's test files share one module graph).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUMMY_HASH } from '../src/users/password.ts';
import { addUser, authenticate, setDisabled } from '../src/users/users.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
const scrypt = vi.spyOn(crypto, 'scrypt');
const randomBytes = vi.spyOn(crypto, 'randomBytes');

beforeAll(async () => {
  database = await createTestDatabase();
  await addUser(database.db, { email: 'gone@example.com', role: 'viewer', password: 'gone-password' });
  await setDisabled(database.db, 'gone@example.com', true);
  await addUser(database.db, { email: 'external@example.com', role: 'viewer' });
});

beforeEach(() => {
  scrypt.mockClear();
  randomBytes.mockClear();
});

afterAll(() => {
  scrypt.mockRestore();
  randomBytes.mockRestore();
});

describe('authenticate', () => {
  it('counts what it is meant to: a new hash runs scrypt once and draws a salt', async () => {
    await addUser(database.db, { email: 'counted@example.com', role: 'viewer', password: 'counted' });
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(randomBytes).toHaveBeenCalled();
  });

  it.each([
    ['a known email, right password', 'admin@bmtools.local', 'admin', true],
    ['a known email, wrong password', 'admin@bmtools.local', 'wrong', false],
    ['an unknown email', 'nobody@example.com', 'admin', false],
    ['a disabled account, right password', 'gone@example.com', 'gone-password', false],
    ['an account without a password', 'external@example.com', '', false],
  ])('verifies exactly one hash and computes none for %s', async (_case, email, pw, accepted) => {
    const user = await authenticate(database.db, email, pw);
    expect(user !== null).toBe(accepted);
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(randomBytes).not.toHaveBeenCalled();
  });

  it('verifies an unknown email against the fixed dummy hash', async () => {
    await authenticate(database.db, 'nobody@example.com', 'x');
    const dummySalt = Buffer.from(DUMMY_HASH.split('$')[4] ?? '', 'base64');
    expect(scrypt.mock.calls[0]?.[1]).toEqual(dummySalt);
  });
});
