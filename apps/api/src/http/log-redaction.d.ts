/**
 * Request log serialisation that never writes a token: the Authorization and Cookie headers are not
 * logged, and token-like query parameters (hub access_token, id_token_hint, codes) are masked.
 */
import type { FastifyRequest } from 'fastify';
export declare const redactUrl: (url: string) => string;
export declare const requestSerializer: (request: FastifyRequest) => {
  method: string;
  url: string;
  remoteAddress: string;
};
