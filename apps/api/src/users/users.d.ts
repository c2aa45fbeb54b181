/**
 * Accounts of the built-in identity provider and the rights lookup every request makes.
 * Emails are stored lower-case; rights come from the roles a user holds and are read per request
 * so that a revocation counts at once.
 */
import type { Queryable } from '../db/pool.ts';
export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  disabled: boolean;
  isDemo: boolean;
  roles: string[];
}
export declare const normaliseEmail: (email: string) => string;
export declare function rightsForEmail(db: Queryable, email: string): Promise<string[]>;
/** Returns the account when the password matches an enabled account, else null. */
export declare function authenticate(
  db: Queryable,
  email: string,
  password: string,
): Promise<{
  id: string;
  email: string;
} | null>;
export declare function findUserById(
  db: Queryable,
  id: string,
): Promise<{
  id: string;
  email: string;
  displayName: string;
} | null>;
export declare function addUser(
  db: Queryable,
  input: {
    email: string;
    role: string;
    password?: string;
    displayName?: string;
    isDemo?: boolean;
  },
): Promise<UserRow>;
export declare function listUsers(db: Queryable, email?: string): Promise<UserRow[]>;
export declare function setDisabled(db: Queryable, email: string, disabled: boolean): Promise<boolean>;
export declare function setPassword(db: Queryable, email: string, password: string): Promise<boolean>;
/** Demo accounts still able to sign in; a production start refuses to run with any. */
export declare function activeDemoUsers(db: Queryable): Promise<string[]>;
