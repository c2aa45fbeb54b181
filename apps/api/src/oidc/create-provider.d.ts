import Provider from 'oidc-provider';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { ProviderSecrets } from './secrets.ts';
/** Resource indicator of the API (RFC 8707 needs an absolute URI); the token audience is separate. */
export declare const API_RESOURCE = 'urn:bm-tools-api';
export declare function createProvider(db: Db, config: AppConfig, secrets: ProviderSecrets): Provider;
