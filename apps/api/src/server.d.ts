/**
 * Starts the whole product: the database (embedded or DATABASE_URL), migrations, the catalogue,
 * the demo seed on an embedded database's first start, the identity provider and the HTTP server;
 * and stops it gracefully: in-flight requests finish, the database closes last.
 */
import type { FastifyInstance } from 'fastify';
import { type AppConfig } from './config.ts';
import { type Db } from './db/pool.ts';
export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}
export declare class StartupRefusedError extends Error {}
export declare function startServer(config: AppConfig, log?: (msg: string) => void): Promise<RunningServer>;
