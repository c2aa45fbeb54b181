import type { Db } from '../db/pool.ts';
export declare function seedDemo(db: Db): Promise<void>;
