/**
 * The built-in provider's private signing key, for tests that craft their own tokens: read from the
 * database and decrypted with the key the test's server used (docs/adr/0024-keys-at-rest.md) — by
 * default the one a test start generates into the data directory.
 */
import type { JWK } from 'jose';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/pool.ts';
import { loadProviderSecrets } from '../src/oidc/secrets.ts';
import { secretsKeysOf } from '../src/oidc/secrets-key.ts';

export async function signingKeyOf(db: Db, env: Record<string, string> = {}): Promise<JWK> {
  const keys = await secretsKeysOf(loadConfig({ NODE_ENV: 'test', ...env }), () => {});
  return (await loadProviderSecrets(db, keys)).signingKey;
}
