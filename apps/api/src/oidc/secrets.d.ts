import type { JWK } from 'jose';
import type { Db } from '../db/pool.ts';
export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}
export declare function loadProviderSecrets(db: Db): Promise<ProviderSecrets>;
/** The public half of a signing key, as published in the JWKS. */
export declare function publicJwk(key: JWK): JWK;
