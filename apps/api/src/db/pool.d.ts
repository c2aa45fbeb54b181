/** The shared connection pool and the small query helpers route modules use. */
import pg from 'pg';
export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;
export declare function createPool(connectionString: string, max: number): Db;
/** Runs `work` in one transaction on one client, rolling back on any error. */
export declare function withTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
