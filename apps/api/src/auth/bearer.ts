/**
 * The one check of a bearer access token, for the API's routes (access.ts, the Authorization
 * header) and the notification hub's upgrade (`?access_token=`) alike (issue 38), in this order:
 * a token is given; it verifies (token-verifier.ts: signature, issuer, audience, expiry, `at+jwt`);
 * it carries the scope the caller needs (`bm-tools-api` for the API, `bm-tools-hub` for the hub);
 * it speaks for an active session (sessions.ts). Every refusal is a 401 with a message saying which
 * check failed: a token without the scope is refused like any other token that cannot be used
 * here, and the client's answer to it is the same, to sign in again. A failure to ask the database
 * about the session is not a refusal: it is thrown, for the caller's error handler (503).
 */
import { type SessionChecker, sessionRefusal } from './sessions.ts';
import { InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

export type TokenIdentity = Awaited<ReturnType<TokenVerifier>>;

/** A refused token: always 401, with the reason. */
interface TokenRefusal {
  status: 401;
  message: string;
}

type BearerCheck = { identity: TokenIdentity } | { refusal: TokenRefusal };

interface BearerDeps {
  verify: TokenVerifier;
  sessions: SessionChecker;
}

const refused = (message: string): BearerCheck => ({ refusal: { status: 401, message } });

/** The identity behind `token` when it may be used with `scope`, or why not. */
export async function checkBearer(
  token: string | undefined,
  scope: string,
  deps: BearerDeps,
): Promise<BearerCheck> {
  if (!token) return refused('Unauthorized');
  let identity: TokenIdentity;
  try {
    identity = await deps.verify(token);
  } catch (error) {
    return refused(error instanceof InvalidTokenError ? error.message : 'Unauthorized');
  }
  if (!identity.scope.includes(scope)) return refused(`The access token lacks the ${scope} scope`);
  const verdict = await deps.sessions.check(identity);
  if (verdict !== 'ok') return refused(sessionRefusal[verdict]);
  return { identity };
}
