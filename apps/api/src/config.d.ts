export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  embeddedPgPort: number;
  /** Set when an external identity provider is used; the built-in one is then off. */
  externalAuthority: string | undefined;
  clientId: string;
  audience: string;
  accessTokenTtl: number;
  clientRequestTimeout: number;
  toolUrls: Record<string, string>;
  fallbackToolUrl: string;
  redirectOrigins: string[];
  allowDemoUsers: boolean;
  logLevel: string;
  staticDir: string;
  shutdownGraceMs: number;
}
export declare function loadConfig(env?: NodeJS.ProcessEnv): AppConfig;
/** The issuer of the built-in provider, or the external one. */
export declare const issuerOf: (config: AppConfig) => string;
