/**
 * Verifies bearer access tokens: signature against the issuer's keys (JWKS), issuer, audience,
 * expiry, and an asymmetric algorithm (so `alg: none` and HMAC confusion are refused by jose).
 * With the built-in provider the keys are local; with OIDC_AUTHORITY they come from its JWKS URL.
 */
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTPayload, jwtVerify } from 'jose';
import type { AppConfig } from '../config.ts';

interface TokenIdentity {
  sub: string;
  email: string;
  scope: string[];
}

export type TokenVerifier = (token: string) => Promise<TokenIdentity>;

export class InvalidTokenError extends Error {}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function identityOf(payload: JWTPayload): TokenIdentity {
  const email = [payload.email, payload.preferred_username, payload.upn].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) throw new InvalidTokenError('The access token carries no email');
  const scope = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  return { sub: String(payload.sub ?? ''), email: email.toLowerCase(), scope };
}

function verifierFor(keys: Parameters<typeof jwtVerify>[1], issuer: string, audience: string): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys as Parameters<typeof jwtVerify>[1] & object, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
      });
      return identityOf(payload);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError('The access token is invalid or expired');
    }
  };
}

export function localTokenVerifier(publicKeys: JWK[], issuer: string, audience: string): TokenVerifier {
  return verifierFor(createLocalJWKSet({ keys: publicKeys }), issuer, audience);
}

/** Discovers an external provider's issuer and JWKS once at start. */
export async function remoteTokenVerifier(config: AppConfig): Promise<TokenVerifier> {
  const authority = config.externalAuthority as string;
  const response = await fetch(`${authority}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery at ${authority} failed with HTTP ${response.status}`);
  const discovery = (await response.json()) as { issuer: string; jwks_uri: string };
  return verifierFor(createRemoteJWKSet(new URL(discovery.jwks_uri)), discovery.issuer, config.audience);
}
