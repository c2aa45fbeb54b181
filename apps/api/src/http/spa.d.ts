import type { FastifyInstance } from 'fastify';
export declare function spa(app: FastifyInstance, staticDir: string): Promise<void>;
