/**
 * Password hashing with scrypt (memory-hard, in Node's standard library, no native addon).
 * Stored form: `scrypt$N$r$p$salt$hash`, base64 parts, so parameters can grow later.
 */
// The module object, not its functions: a test counts the scrypt runs of a sign-in on it
// (authenticate.test.ts), which a binding imported by name would not let it see.
import crypto from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * A stored hash of a random password nobody knows, with the current parameters. A sign-in for an
 * unknown or disabled account verifies against it, so every sign-in costs exactly one scrypt run
 * and timing does not tell which emails exist. (password.test.ts checks its parameters follow N, R
 * and P.)
 */
export const DUMMY_HASH =
  'scrypt$16384$8$1$kqabTE701eUwtw4XhGk62Q==$0t9QSiowMSGPa2SL/sgJsLZ8qLmFU6m60YTihhbeEIs=';

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
