/**
 * Accounts made for one spec, so that what it leaves behind (its state presets, in-use choices,
 * filter history) can never reach a later spec of its worker (which shares the worker's database)
 * under a demo account, and so that the rows it changed can be told by their author. Made with the
 * API's own `addUser`, as `npm run users -- add` does.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { addUser } from '../../apps/api/src/users/users.ts';

export interface Account {
  email: string;
  password: string;
}

export async function createAccount(role: 'admin' | 'editor' | 'mapper' | 'viewer'): Promise<Account> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: use the `test` of support/test.ts');
  const suffix = randomBytes(4).toString('hex');
  const account = { email: `e2e-${role}-${suffix}@bmtools.local`, password: `pw-${suffix}` };
  const pool = new pg.Pool({ connectionString, max: 1 });
  try {
    await addUser(pool, { ...account, role, displayName: `E2E ${role}` });
  } finally {
    await pool.end();
  }
  return account;
}
