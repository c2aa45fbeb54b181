import { type FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/pool.ts';
export interface AppDeps {
  config: AppConfig;
  db: Db;
  verify: TokenVerifier;
  /** The built-in identity provider; absent when OIDC_AUTHORITY points elsewhere. */
  provider?: Provider | undefined;
}
export declare function buildApp(deps: AppDeps): Promise<FastifyInstance>;
