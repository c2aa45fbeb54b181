/**
 * oidc-provider storage in PostgreSQL (table `oidc_models`): sessions, interactions, codes and grants
 * live in the database so any API instance can continue a sign-in another one started.
 */
import type { AdapterConstructor } from 'oidc-provider';
import type { Db } from '../db/pool.ts';
export declare function pgAdapterFactory(db: Db): AdapterConstructor;
