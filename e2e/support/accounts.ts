/**
 * Accounts made for one spec, so that what it leaves behind (its state presets, in-use choices,
 * filter history) can never reach another spec that runs at the same time under a demo account.
 * Made with the API's own `addUser`, as `npm run users -- add` does.
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
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: the global setup did not run');
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
