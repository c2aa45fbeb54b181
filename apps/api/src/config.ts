/**
 * Server configuration, read once from the environment and validated, so a bad value stops the
 * start with a message naming the variable instead of failing later (README lists every variable).
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { CodeValidationLimits } from './code-validation/validation-pool.ts';
import { parseSecretsKey } from './oidc/secrets-key.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const jsonRecord = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return {};
    try {
      return z.record(z.string(), z.string()).parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of strings' });
      return z.NEVER;
    }
  });

const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/**
 * TRUST_PROXY: which peers may set X-Forwarded-For/-Proto/-Host. Empty: nobody (the peer's own
 * address counts). A whole number n: the nearest n hops. Otherwise a comma list of addresses or CIDR
 * ranges (and proxy-addr's names loopback, linklocal, uniquelocal). Trusting every peer ("true")
 * would let any client choose its address, so it is refused.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  // A netmask (255.255.255.0) for IPv4, else a prefix length.
  if (isIP(prefix)) return family === 4 && isIP(prefix) === 4;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): number | string[] | false => {
    const value = (v ?? '').trim();
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyEntry(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a hop count, an address, a CIDR range or loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** SECRETS_KEY and SECRETS_KEY_PREVIOUS: 32 random bytes, base64 or hex (docs/adr/0024-keys-at-rest.md). */
const secretsKey = z
  .string()
  .optional()
  .transform((v, ctx): Buffer | undefined => {
    if (!v) return undefined;
    const key = parseSecretsKey(v);
    if (!key) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be 32 random bytes in base64 or hex (make one with `openssl rand -base64 32`)',
      });
      return z.NEVER;
    }
    return key;
  });

/**
 * STORAGE_URL: `s3://bucket` or `s3://bucket/prefix`, the S3-compatible bucket that keeps uploaded
 * files and finished exports (docs/adr/0030-object-storage.md). Unset: the local folders.
 */
const storageUrl = z
  .string()
  .optional()
  .transform((v, ctx): { bucket: string; prefix: string } | undefined => {
    const value = (v ?? '').trim();
    if (!value) return undefined;
    const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
    const segments = (match?.[2] ?? '').split('/').filter(Boolean);
    if (!match?.[1] || !segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(s))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be s3://bucket or s3://bucket/prefix (a bucket name of lower-case letters, digits, dots and hyphens; ' +
          'a prefix of letters, digits, -, _ and . in folders)',
      });
      return z.NEVER;
    }
    return { bucket: match[1], prefix: segments.length ? `${segments.join('/')}/` : '' };
  });

/**
 * DATABASE_READ_URLS: the streaming replicas reads may go to (docs/adr/0032-read-replicas.md), a
 * comma list of postgres:// URLs. Empty: every read on the primary.
 */
const readUrls = list.superRefine((urls, ctx) => {
  const bad = urls.findIndex((url) => !/^postgres(ql)?:\/\/./.test(url) || !URL.canParse(url));
  if (bad >= 0) {
    ctx.addIssue({ code: 'custom', message: `entry ${bad + 1} is not a postgres:// URL` });
  }
});

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_DIRECT_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_READ_URLS: readUrls,
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  OIDC_AUTHORITY: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('bm-tools-spa'),
  OIDC_AUDIENCE: z.string().default('bm-tools-api'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86400).default(3600),
  CLIENT_REQUEST_TIMEOUT: z.coerce.number().positive().default(30),
  TOOL_URLS: jsonRecord,
  FALLBACK_TOOL_URL: z.string().default(''),
  REDIRECT_ORIGINS: list,
  ALLOW_DEMO_USERS: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().optional(),
  STORAGE_DIR: z.string().optional(),
  STORAGE_URL: storageUrl,
  STORAGE_S3_ENDPOINT: z.string().optional(),
  AWS_ENDPOINT_URL_S3: z.string().optional(),
  AWS_ENDPOINT_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10000),
  REQUEST_TIMEOUT: z.coerce.number().positive().max(3600).default(30),
  CODE_VALIDATION_MAX_CHARS: z.coerce.number().int().min(1).max(1_000_000).default(200_000),
  CODE_VALIDATION_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  CODE_VALIDATION_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  CODE_VALIDATION_QUEUE: z.coerce.number().int().min(1).max(1000).default(8),
  TRUST_PROXY: trustProxy,
  LOGIN_DELAY_BASE: z.coerce.number().int().min(1).max(3600).default(1),
  LOGIN_DELAY_MAX: z.coerce.number().int().min(1).max(3600).default(60),
  EXPORT_STORAGE_DIR: z.string().optional(),
  EXPORT_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  EXPORT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(168),
  EXPORT_JOB_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1439).default(60),
  EXPORT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  EXPORT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  SECRETS_KEY: secretsKey,
  SECRETS_KEY_PREVIOUS: secretsKey,
  API_DOCS: z.enum(['public', 'signed-in', 'off']).optional(),
});

export type ApiDocs = 'public' | 'signed-in' | 'off';

/**
 * Where in S3 (or an S3-compatible service) stored files live, and how to reach it. Without an
 * endpoint the SDK talks to AWS; with one (MinIO, Ceph, …) it uses path-style addresses. Without
 * keys the SDK's own credential chain is used (instance role, web identity, profile).
 */
export interface ObjectStorageConfig {
  bucket: string;
  /** Empty, or a path ending in `/`. */
  prefix: string;
  endpoint: string | undefined;
  region: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** The bucket settings from STORAGE_URL and the usual AWS variables; undefined without STORAGE_URL. */
function objectStorageOf(e: z.infer<typeof envSchema>): ObjectStorageConfig | undefined {
  if (!e.STORAGE_URL) return undefined;
  const accessKeyId = e.AWS_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = e.AWS_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    const missing = accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    throw new Error(
      `Missing environment variable ${missing}: STORAGE_URL's keys are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together (or neither, for the SDK's own credentials)`,
    );
  }
  // The first endpoint set, checked only when a bucket uses it (AWS_ENDPOINT_URL may be meant for
  // other tools otherwise).
  const [endpointVariable, endpointValue] =
    (['STORAGE_S3_ENDPOINT', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL'] as const)
      .map((name) => [name, e[name]?.trim()] as const)
      .find(([, value]) => value) ?? [];
  if (endpointValue && (!/^https?:\/\/[^/]/.test(endpointValue) || !URL.canParse(endpointValue))) {
    throw new Error(`Invalid environment variable ${endpointVariable}: must be an http:// or https:// URL`);
  }
  const endpoint = endpointValue?.replace(/\/$/, '');
  const sessionToken = e.AWS_SESSION_TOKEN?.trim() || undefined;
  return {
    ...e.STORAGE_URL,
    endpoint,
    // A service of its own ignores the region but the SDK's signature needs one.
    region: e.AWS_REGION?.trim() || e.AWS_DEFAULT_REGION?.trim() || (endpoint ? 'us-east-1' : undefined),
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : undefined,
  };
}

export interface AppConfig {
  production: boolean;
  /**
   * Per-route request limits (sign-in, exports, uploads, code validation). On unless RATE_LIMITS=off,
   * which only a benchmark run should set: its thousands of calls from one address are not an attack.
   */
  rateLimits: boolean;
  /** NODE_ENV=development (the default of `npm start`): local conveniences such as loopbackHost. */
  development: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A session-mode connection to the same primary (DATABASE_DIRECT_URL) for what needs a session of
   * its own: the notification LISTEN connection, the job queue (pg-boss) and the migrations (their
   * session-level advisory lock). Undefined: DATABASE_URL serves them too. Set it when DATABASE_URL
   * points at a pooler in transaction mode (deploy/pgbouncer.ini, docs/adr/0033-deployment-topology.md).
   */
  databaseDirectUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Streaming replicas of the primary that list, lookup, map-list, export and search reads may go
   * to (DATABASE_READ_URLS), and how far behind one may fall before it is left out
   * (DATABASE_READ_MAX_LAG_MS); docs/adr/0032-read-replicas.md.
   */
  readReplicas: { urls: string[]; maxLagMs: number };
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
  /** Root of uploaded files (local folder storage, when there is no objectStorage). */
  storageDir: string;
  /**
   * The S3-compatible bucket that keeps uploaded files and finished exports instead of the local
   * folders (STORAGE_URL), with its endpoint, region and credentials; undefined: the folders.
   */
  objectStorage: ObjectStorageConfig | undefined;
  shutdownGraceMs: number;
  /** Milliseconds a request may take (receiving it included) before it is answered with 503. */
  requestTimeoutMs: number;
  /** Limits of code validation (size, time per parse, worker threads, waiting queue). */
  codeValidation: CodeValidationLimits;
  /** Proxies whose X-Forwarded-* headers are believed: false (none), a hop count, or addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Sign-in lock after too many failures: first lock and longest lock, seconds (ADR 0008). */
  loginDelay: { baseDelayS: number; maxDelayS: number };
  /**
   * Sign-ins a minute from one address (with rate limits on): an office behind one NAT address signs
   * in through it together, so a large one may need more than the default.
   */
  signInLimit: number;
  /**
   * Exports (docs/adr/0016-exports.md): where finished files are kept (shared by every instance),
   * how many exports this instance runs at once (0: none, it only queues them), how long a file is
   * kept, how long the queue keeps a job active before it retries it, how long a running export's
   * lease lasts without renewal before another instance takes it over, and how often storage is swept.
   */
  exports: {
    storageDir: string;
    workers: number;
    retentionHours: number;
    jobTimeoutMinutes: number;
    leaseSeconds: number;
    sweepSeconds: number;
  };
  /**
   * The key that encrypts the built-in provider's keys in the database, and the one it replaces
   * (docs/adr/0024-keys-at-rest.md). Without SECRETS_KEY a key is generated into the data directory;
   * production on a shared database (DATABASE_URL) refuses to start without it.
   */
  secretsKey: Buffer | undefined;
  secretsKeyPrevious: Buffer | undefined;
  /**
   * `/api/docs` (the OpenAPI page and `/api/docs/json|yaml`): `public`, `signed-in` (the document
   * for a bearer token, no page) or `off`. Default: `signed-in` in production, else `public`.
   */
  apiDocs: ApiDocs;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.SECRETS_KEY_PREVIOUS && !e.SECRETS_KEY) {
    throw new Error(
      'Invalid environment variable SECRETS_KEY_PREVIOUS: it needs SECRETS_KEY, the key that replaces it',
    );
  }
  // Instances sharing a database must share the key; a generated one would be each its own.
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.OIDC_AUTHORITY && !e.SECRETS_KEY) {
    throw new Error(
      'Missing environment variable SECRETS_KEY: a production start on DATABASE_URL needs the key that ' +
        "encrypts the identity provider's keys in the database, the same on every instance " +
        '(32 random bytes in base64 or hex: `openssl rand -base64 32`; see README, Configuration)',
    );
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment variable DATABASE_DIRECT_URL: it needs DATABASE_URL (the pooled connection it goes beside)',
    );
  }
  if (e.DATABASE_READ_URLS.length > 0 && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment variable DATABASE_READ_URLS: replicas need DATABASE_URL (the primary they stream from)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    production: e.NODE_ENV === 'production',
    development: e.NODE_ENV === 'development',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseDirectUrl: e.DATABASE_DIRECT_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    readReplicas: { urls: e.DATABASE_READ_URLS, maxLagMs: e.DATABASE_READ_MAX_LAG_MS },
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    externalAuthority: e.OIDC_AUTHORITY?.replace(/\/$/, ''),
    clientId: e.OIDC_CLIENT_ID,
    audience: e.OIDC_AUDIENCE,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    clientRequestTimeout: e.CLIENT_REQUEST_TIMEOUT,
    toolUrls: e.TOOL_URLS,
    fallbackToolUrl: e.FALLBACK_TOOL_URL,
    redirectOrigins: e.REDIRECT_ORIGINS.length ? e.REDIRECT_ORIGINS : [publicUrl],
    allowDemoUsers: e.ALLOW_DEMO_USERS,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(repoRoot, e.STATIC_DIR ?? 'apps/web/dist'),
    storageDir: path.resolve(repoRoot, e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'storage')),
    objectStorage: objectStorageOf(e),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT * 1000),
    codeValidation: {
      maxChars: e.CODE_VALIDATION_MAX_CHARS,
      timeoutMs: e.CODE_VALIDATION_TIMEOUT_MS,
      threads: e.CODE_VALIDATION_THREADS,
      queue: e.CODE_VALIDATION_QUEUE,
    },
    trustProxy: e.TRUST_PROXY,
    loginDelay: {
      baseDelayS: e.LOGIN_DELAY_BASE,
      maxDelayS: Math.max(e.LOGIN_DELAY_BASE, e.LOGIN_DELAY_MAX),
    },
    rateLimits: e.RATE_LIMITS === 'on',
    signInLimit: e.SIGN_IN_LIMIT,
    exports: {
      storageDir: path.resolve(repoRoot, e.EXPORT_STORAGE_DIR ?? path.join(e.DATA_DIR, 'exports')),
      workers: e.EXPORT_WORKERS,
      retentionHours: e.EXPORT_RETENTION_HOURS,
      jobTimeoutMinutes: e.EXPORT_JOB_TIMEOUT_MINUTES,
      leaseSeconds: e.EXPORT_LEASE_SECONDS,
      sweepSeconds: e.EXPORT_SWEEP_SECONDS,
    },
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'signed-in' : 'public'),
  };
}

/** The issuer of the built-in provider, or the external one. */
export const issuerOf = (config: AppConfig): string => config.externalAuthority ?? `${config.publicUrl}/oidc`;
