/**
 * Accounts made for one spec, so that what it leaves behind (its state presets, in-use choices,
 * filter history) can never reach another spec that runs at the same time under a demo account.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../apps/api/src/users/password.ts';
import { query } from './db.ts';

export interface Account {
  email: string;
  password: string;
}

export async function createAccount(role: 'admin' | 'editor' | 'mapper' | 'viewer'): Promise<Account> {
  const suffix = randomBytes(4).toString('hex');
  const account = { email: `e2e-${role}-${suffix}@bmtools.local`, password: `pw-${suffix}` };
  await query(
    `WITH u AS (INSERT INTO users (email, display_name, password_hash) VALUES ($1, $2, $3) RETURNING id)
     INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, roles r WHERE r.name = $4`,
    [account.email, `E2E ${role}`, await hashPassword(account.password), role],
  );
  return account;
}
