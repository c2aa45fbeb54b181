/**
 * Request log serialisation that never writes a token: the Authorization and Cookie headers are not
 * logged, and token-like query parameters (hub access_token, id_token_hint, codes) are masked.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS =
  /([?&](?:access_token|id_token|id_token_hint|refresh_token|code|token|code_verifier)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
