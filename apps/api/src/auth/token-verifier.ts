/**
 * Verifies bearer access tokens: signature against the issuer's keys (JWKS), issuer, audience,
 * expiry, an asymmetric algorithm (so `alg: none` and HMAC confusion are refused by jose), and the
 * header type `at+jwt` of RFC 9068 access tokens (so an id token or any other JWT of the same issuer
 * is not taken for an access token). Scopes are checked by the caller: the API wants `bm-tools-api`,
 * the hub its own scope. With the built-in provider the keys are local; with OIDC_AUTHORITY they come
 * from its JWKS URL.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, type JWK, type JWTPayload, jwtVerify } from 'jose';
import type { AppConfig } from '../config.ts';

interface TokenIdentity {
  sub: string;
  email: string;
  scope: string[];
  /** Expiry (epoch seconds) when the token states one. */
  exp?: number;
  /** Issue time (epoch seconds) when the token states one; compared with the end of sessions. */
  iat?: number;
  /** The built-in provider's grant the token was issued under (claim grant_id); logout revokes it. */
  grant?: string;
}

export type TokenVerifier = (token: string) => Promise<TokenIdentity>;

export class InvalidTokenError extends Error {}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** `ownGrants`: the issuer is the built-in provider, whose grants live in our database. */
function identityOf(payload: JWTPayload, ownGrants: boolean): TokenIdentity {
  const email = [payload.email, payload.preferred_username, payload.upn].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) throw new InvalidTokenError('The access token carries no email');
  const scope = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  return {
    sub: String(payload.sub ?? ''),
    email: email.toLowerCase(),
    scope,
    ...(typeof payload.exp === 'number' ? { exp: payload.exp } : {}),
    ...(typeof payload.iat === 'number' ? { iat: payload.iat } : {}),
    ...(ownGrants && typeof payload.grant_id === 'string' ? { grant: payload.grant_id } : {}),
  };
}

const CLOCK_TOLERANCE_S = 5;
const ACCESS_TOKEN_TYPE = 'at+jwt';
/** Verified tokens are remembered this long at most (and never past their expiry)… */
const CACHE_TTL_MS = 5 * 60_000;
/** …and at most this many at once; the oldest entry makes room for a new one. */
const CACHE_MAX = 10_000;

interface Verified {
  identity: TokenIdentity;
  /** Epoch ms after which the entry is no longer used. */
  until: number;
}

/**
 * Remembers tokens whose signature and claims were verified, keyed by the whole token, so a
 * user's burst of calls verifies the signature once. A cached token is still refused once it has
 * expired; a token that failed verification is never remembered. Rights and the account's status
 * (disabled, sessions ended) are not part of the cache: they are checked on every request after it.
 */
export function cachedVerifier(verify: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const cache = new Map<string, Verified>();
  return async (token) => {
    const hit = cache.get(token);
    if (hit) {
      if (now() < hit.until) return hit.identity;
      cache.delete(token);
    }
    const identity = await verify(token);
    // A token that states no expiry is verified on every call.
    if (identity.exp === undefined) return identity;
    if (cache.size >= CACHE_MAX) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    const expires = (identity.exp + CLOCK_TOLERANCE_S) * 1000;
    cache.set(token, { identity, until: Math.min(now() + CACHE_TTL_MS, expires) });
    return identity;
  };
}

function verifierFor(
  keys: Parameters<typeof jwtVerify>[1],
  issuer: string,
  audience: string,
  ownGrants: boolean,
): TokenVerifier {
  return cachedVerifier(async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys as Parameters<typeof jwtVerify>[1] & object, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        // RFC 9068; jose also accepts the long form `application/at+jwt`.
        typ: ACCESS_TOKEN_TYPE,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      return identityOf(payload, ownGrants);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'typ') {
        throw new InvalidTokenError(`The token is not an access token (typ ${ACCESS_TOKEN_TYPE})`);
      }
      throw new InvalidTokenError('The access token is invalid or expired');
    }
  });
}

export function localTokenVerifier(publicKeys: JWK[], issuer: string, audience: string): TokenVerifier {
  return verifierFor(createLocalJWKSet({ keys: publicKeys }), issuer, audience, true);
}

/** Discovers an external provider's issuer and JWKS once at start. */
export async function remoteTokenVerifier(config: AppConfig): Promise<TokenVerifier> {
  const authority = config.externalAuthority as string;
  const response = await fetch(`${authority}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery at ${authority} failed with HTTP ${response.status}`);
  const discovery = (await response.json()) as { issuer: string; jwks_uri: string };
  // Another provider's grant ids mean nothing here: its tokens live until they expire.
  return verifierFor(
    createRemoteJWKSet(new URL(discovery.jwks_uri)),
    discovery.issuer,
    config.audience,
    false,
  );
}
