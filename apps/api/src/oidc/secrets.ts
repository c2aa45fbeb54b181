/**
 * The built-in provider's signing key and cookie keys, created on the first start and kept in the
 * database (`app_secrets`), so every instance signs and verifies with the same keys.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Db } from '../db/pool.ts';

export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

function createSecrets(): ProviderSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    signingKey: { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const read = async () =>
    (await db.query<{ value: ProviderSecrets }>(`SELECT value FROM app_secrets WHERE name = 'oidc'`)).rows[0]
      ?.value;
  // Every start after the first only reads: generating an RSA key costs up to half a second.
  const stored = await read();
  if (stored) return stored;
  // Insert-if-absent, then read: concurrent first starts agree on one set.
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('oidc', $1) ON CONFLICT (name) DO NOTHING`, [
    createSecrets(),
  ]);
  const value = await read();
  if (!value) throw new Error('Identity provider secrets are missing');
  return value;
}

/** The public half of a signing key, as published in the JWKS. */
export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
