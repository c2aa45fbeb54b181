export declare const MIGRATIONS_DIR: string;
export declare function migrate(databaseUrl: string, log?: (msg: string) => void): Promise<void>;
