import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
export declare function platformRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: AppConfig;
  },
): Promise<void>;
