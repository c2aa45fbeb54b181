import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
export declare function cspDirectives(config: AppConfig): Record<string, string[]>;
export declare function securityHeaders(app: FastifyInstance, config: AppConfig): Promise<void>;
