/**
 * Route access rules. Every /api route declares one in its `config.access`; a route without one is
 * refused at registration (default deny):
 * - 'public': no token (config, docs);
 * - 'user': a valid token, the caller's own data;
 * - { right }: a valid token and that right, read from the database on this request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.ts';
import { type TokenVerifier } from './token-verifier.ts';
export type Access =
  | 'public'
  | 'user'
  | {
      right: string;
    };
export interface Caller {
  email: string;
  sub: string;
  rights: ReadonlySet<string>;
}
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}
declare function accessPlugin(
  app: FastifyInstance,
  opts: {
    db: Db;
    verify: TokenVerifier;
  },
): Promise<void>;
export declare const accessControl: typeof accessPlugin;
/** The caller of a route whose access rule guarantees one. */
export declare function callerOf(request: FastifyRequest): Caller;
