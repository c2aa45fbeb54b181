/**
 * Sign-in timing must not tell which emails exist: every path of authenticate() costs exactly one
 * scrypt verification and no hashing (a known email, an unknown one, a disabled account, an account
 * without a password). Counted, not timed, so the test holds on a loaded machine.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../src/users/password.ts';
import { addUser, authenticate, setDisabled } from '../src/users/users.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

vi.mock('../src/users/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/users/password.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await addUser(database.db, { email: 'gone@example.com', role: 'viewer', password: 'gone-password' });
  await setDisabled(database.db, 'gone@example.com', true);
  await addUser(database.db, { email: 'external@example.com', role: 'viewer' });
});

beforeEach(() => {
  vi.mocked(password.hashPassword).mockClear();
  vi.mocked(password.verifyPassword).mockClear();
});

describe('authenticate', () => {
  it.each([
    ['a known email, right password', 'admin@bmtools.local', 'admin', true],
    ['a known email, wrong password', 'admin@bmtools.local', 'wrong', false],
    ['an unknown email', 'nobody@example.com', 'admin', false],
    ['a disabled account, right password', 'gone@example.com', 'gone-password', false],
    ['an account without a password', 'external@example.com', '', false],
  ])('verifies exactly one hash and computes none for %s', async (_case, email, pw, accepted) => {
    const user = await authenticate(database.db, email, pw);
    expect(user !== null).toBe(accepted);
    expect(password.verifyPassword).toHaveBeenCalledTimes(1);
    expect(password.hashPassword).not.toHaveBeenCalled();
  });

  it('verifies an unknown email against the fixed dummy hash', async () => {
    await authenticate(database.db, 'nobody@example.com', 'x');
    expect(vi.mocked(password.verifyPassword).mock.calls[0]?.[1]).toBe(password.DUMMY_HASH);
  });
});
