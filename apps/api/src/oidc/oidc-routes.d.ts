import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/pool.ts';
export declare function oidcRoutes(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    db: Db;
  },
): Promise<void>;
