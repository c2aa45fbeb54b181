import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/pool.ts';
export declare function menuRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
  },
): Promise<void>;
