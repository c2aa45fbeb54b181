/**
 * The built-in provider's signing key and cookie keys, created on the first start and kept in the
 * database (`app_secrets`), so every instance signs and verifies with the same keys. They are kept
 * encrypted with the secrets key (secrets-key.ts, docs/adr/0024-keys-at-rest.md): a start re-seals
 * a value of the previous key, or a plain one from before encryption, with the current key.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Db } from '../db/pool.ts';
import { isSealed, SecretsKeyError, type SecretsKeys, seal, unseal } from './secrets-key.ts';

export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

const NAME = 'oidc';

function createSecrets(): ProviderSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    signingKey: { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

function isProviderSecrets(value: unknown): value is ProviderSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const { signingKey, cookieKeys } = value as Partial<ProviderSecrets>;
  return (
    typeof signingKey?.d === 'string' &&
    Array.isArray(cookieKeys) &&
    cookieKeys.length > 0 &&
    cookieKeys.every((k) => typeof k === 'string')
  );
}

/** The secrets a stored value holds, and whether it must be sealed again with the current key. */
function open(stored: unknown, keys: SecretsKeys): { secrets: ProviderSecrets; reseal: boolean } {
  let value: unknown;
  let reseal = true;
  if (!isSealed(stored)) value = stored;
  else if (stored.keyId === keys.current.id) {
    value = unseal(stored, keys.current, NAME);
    reseal = false;
  } else if (keys.previous && stored.keyId === keys.previous.id) value = unseal(stored, keys.previous, NAME);
  else {
    const held = [keys.current, keys.previous].filter((k) => k !== undefined);
    throw new SecretsKeyError(
      `The identity provider's keys in the database are encrypted with another secrets key (key id ${stored.keyId}); ` +
        `this start has ${held.map((k) => `${k.source} (key id ${k.id})`).join(' and ')}. ` +
        'Set SECRETS_KEY to the key they were encrypted with, or, to change keys, set the new one as SECRETS_KEY ' +
        'and that one as SECRETS_KEY_PREVIOUS.',
    );
  }
  if (!isProviderSecrets(value))
    throw new SecretsKeyError(`The stored "${NAME}" secrets are not provider keys`);
  return { secrets: value, reseal };
}

export async function loadProviderSecrets(
  db: Db,
  keys: SecretsKeys,
  log: (msg: string) => void = () => {},
): Promise<ProviderSecrets> {
  const read = async () =>
    (await db.query<{ value: unknown }>(`SELECT value FROM app_secrets WHERE name = $1`, [NAME])).rows[0]
      ?.value;
  // Every start after the first only reads: generating an RSA key costs up to half a second.
  let stored = await read();
  if (stored === undefined) {
    // Insert-if-absent, then read: concurrent first starts agree on one set.
    await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      NAME,
      seal(createSecrets(), keys.current, NAME),
    ]);
    stored = await read();
  }
  for (let attempt = 0; ; attempt++) {
    if (stored === undefined) throw new Error('Identity provider secrets are missing');
    const { secrets, reseal } = open(stored, keys);
    if (!reseal) return secrets;
    // Plain (from before encryption) or of the previous key: sealed with the current key, unless
    // another instance starting at the same time changed the row first (then read it again).
    const { rowCount } = await db.query(
      `UPDATE app_secrets SET value = $3 WHERE name = $1 AND value = $2::jsonb`,
      [NAME, JSON.stringify(stored), seal(secrets, keys.current, NAME)],
    );
    if (rowCount) {
      log(
        `identity provider keys ${isSealed(stored) ? 're-encrypted' : 'encrypted'} with ${keys.current.source} (key id ${keys.current.id})`,
      );
      return secrets;
    }
    if (attempt >= 3) throw new Error('Identity provider secrets keep changing while being re-encrypted');
    stored = await read();
  }
}

/** The public half of a signing key, as published in the JWKS. */
export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
