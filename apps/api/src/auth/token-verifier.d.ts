/**
 * Verifies bearer access tokens: signature against the issuer's keys (JWKS), issuer, audience,
 * expiry, and an asymmetric algorithm (so `alg: none` and HMAC confusion are refused by jose).
 * With the built-in provider the keys are local; with OIDC_AUTHORITY they come from its JWKS URL.
 */
import { type JWK } from 'jose';
import type { AppConfig } from '../config.ts';
export interface TokenIdentity {
  sub: string;
  email: string;
  scope: string[];
}
export type TokenVerifier = (token: string) => Promise<TokenIdentity>;
export declare class InvalidTokenError extends Error {}
export declare function localTokenVerifier(
  publicKeys: JWK[],
  issuer: string,
  audience: string,
): TokenVerifier;
/** Discovers an external provider's issuer and JWKS once at start. */
export declare function remoteTokenVerifier(config: AppConfig): Promise<TokenVerifier>;
