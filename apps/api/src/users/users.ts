/**
 * Accounts of the built-in identity provider and the rights lookup every request makes.
 * Emails are stored lower-case; rights come from the roles a user holds and are read per request
 * so that a revocation counts at once. They are read from `user_rights`, which triggers keep equal
 * to the roles' rights of every enabled account (migration 1700000007000), so a check is one
 * primary-key lookup.
 */
import { endSessions } from '../auth/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';

export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  disabled: boolean;
  isDemo: boolean;
  roles: string[];
}

const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** SQL condition: the account with email `emailParam` is enabled and holds right `rightParam`. */
export const rightHeldSql = (emailParam: string, rightParam: string): string =>
  `bm_has_right(${emailParam}, ${rightParam})`;

export async function hasRight(db: Queryable, email: string, right: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT ${rightHeldSql('$1', '$2')} AS ok`, [
    normaliseEmail(email),
    right,
  ]);
  return rows[0]?.ok === true;
}

/** Whether the enabled account holds at least one of `rights` (one lookup, whatever their number). */
export async function hasAnyRight(db: Queryable, email: string, rights: readonly string[]): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM user_rights WHERE email = $1 AND right_name = ANY($2::text[])) AS ok',
    [normaliseEmail(email), rights],
  );
  return rows[0]?.ok === true;
}

export async function rightsForEmail(db: Queryable, email: string): Promise<string[]> {
  const { rows } = await db.query<{ right_name: string }>(
    'SELECT right_name FROM user_rights WHERE email = $1 ORDER BY right_name',
    [normaliseEmail(email)],
  );
  return rows.map((r) => r.right_name);
}

/**
 * Returns the account when the password matches an enabled account, else null. Every path —
 * enabled, disabled, unknown, no password set — verifies exactly one scrypt hash (a fixed dummy one
 * when there is no usable hash), so timing does not reveal which emails exist or are disabled.
 */
export async function authenticate(
  db: Queryable,
  email: string,
  password: string,
): Promise<{ id: string; email: string } | null> {
  const { rows } = await db.query<{
    id: string;
    email: string;
    password_hash: string | null;
    disabled: boolean;
  }>('SELECT id, email, password_hash, disabled FROM users WHERE email = $1', [normaliseEmail(email)]);
  const user = rows[0];
  const usable = user && !user.disabled && user.password_hash ? user : undefined;
  const ok = await verifyPassword(password, usable?.password_hash ?? DUMMY_HASH);
  return ok && usable ? { id: usable.id, email: usable.email } : null;
}

export async function findUserById(
  db: Queryable,
  id: string,
): Promise<{ id: string; email: string; displayName: string } | null> {
  const { rows } = await db.query<{ id: string; email: string; display_name: string }>(
    'SELECT id, email, display_name FROM users WHERE id = $1 AND NOT disabled',
    [id],
  );
  const row = rows[0];
  return row ? { id: row.id, email: row.email, displayName: row.display_name } : null;
}

export async function addUser(
  db: Queryable,
  input: { email: string; role: string; password?: string; displayName?: string; isDemo?: boolean },
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const role = await db.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [input.role]);
  const roleId = role.rows[0]?.id;
  if (roleId === undefined) throw new Error(`Unknown role "${input.role}"`);
  const hash = input.password ? await hashPassword(input.password) : null;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, display_name, password_hash, is_demo) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, input.displayName ?? '', hash, input.isDemo ?? false],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`A user with email ${email} already exists`);
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, roleId]);
  const user = await listUsers(db, email);
  return user[0] as UserRow;
}

export async function listUsers(db: Queryable, email?: string): Promise<UserRow[]> {
  const { rows } = await db.query<{
    id: string;
    email: string;
    display_name: string;
    disabled: boolean;
    is_demo: boolean;
    roles: string[];
  }>(
    `SELECT u.id, u.email, u.display_name, u.disabled, u.is_demo,
            coalesce(array_agg(r.name ORDER BY r.name) FILTER (WHERE r.name IS NOT NULL), '{}') AS roles
       FROM users u
       LEFT JOIN user_roles ur ON ur.user_id = u.id
       LEFT JOIN roles r ON r.id = ur.role_id
      WHERE $1::text IS NULL OR u.email = $1
      GROUP BY u.id ORDER BY u.email`,
    [email ? normaliseEmail(email) : null],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    displayName: r.display_name,
    disabled: r.disabled,
    isDemo: r.is_demo,
    roles: r.roles,
  }));
}

/**
 * Disables or enables an account. Disabling also ends its sessions: its tokens are refused and its
 * hub sockets close on every instance (sessions.ts, ADR 0008).
 */
export async function setDisabled(db: Queryable, email: string, disabled: boolean): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET disabled = $2, updated_at = now() WHERE email = $1', [
    normaliseEmail(email),
    disabled,
  ]);
  if (rowCount === 1 && disabled) await endSessions(db, { email });
  return rowCount === 1;
}

export async function setPassword(db: Queryable, email: string, password: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE users SET password_hash = $2, is_demo = false, updated_at = now() WHERE email = $1',
    [normaliseEmail(email), await hashPassword(password)],
  );
  return rowCount === 1;
}

/** Demo accounts still able to sign in; a production start refuses to run with any. */
export async function activeDemoUsers(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE is_demo AND NOT disabled ORDER BY email',
  );
  return rows.map((r) => r.email);
}
