import { type Db } from '../db/pool.ts';
export declare function syncCatalog(db: Db): Promise<void>;
