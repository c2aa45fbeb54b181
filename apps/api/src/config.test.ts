import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1, fd00::/8,loopback' }).trustProxy).toEqual(
      ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8', 'loopback'],
    );
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }).trustProxy).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses "trust everyone" and malformed entries, naming the variable', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '::1/129', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
    }
  });
});

describe('LOGIN_DELAY_BASE and LOGIN_DELAY_MAX', () => {
  it('default to 1 s doubling up to 60 s, and the cap is never below the base', () => {
    expect(loadConfig({}).loginDelay).toEqual({ baseDelayS: 1, maxDelayS: 60 });
    expect(loadConfig({ LOGIN_DELAY_BASE: '90' }).loginDelay).toEqual({ baseDelayS: 90, maxDelayS: 90 });
    expect(() => loadConfig({ LOGIN_DELAY_BASE: '0' })).toThrow(/LOGIN_DELAY_BASE/);
  });
});

describe('STORAGE_URL and the S3 settings', () => {
  it('keeps the local folders without it', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: '' }).objectStorage).toBeUndefined();
  });

  it('reads the bucket, the prefix, the endpoint, the region and the keys', () => {
    expect(
      loadConfig({
        STORAGE_URL: 's3://bm-files/prod/eu',
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000/',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).objectStorage,
    ).toEqual({
      bucket: 'bm-files',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    // AWS itself: its region, and the SDK's own credentials; STORAGE_S3_ENDPOINT wins over AWS's.
    expect(loadConfig({ STORAGE_URL: 's3://bm.files', AWS_REGION: 'eu-west-1' }).objectStorage).toEqual({
      bucket: 'bm.files',
      prefix: '',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://b1c/',
        STORAGE_S3_ENDPOINT: 'https://minio.internal',
        AWS_ENDPOINT_URL: 'https://other',
      }).objectStorage?.endpoint,
    ).toBe('https://minio.internal');
  });

  it('refuses a malformed URL, endpoint or half a key pair, naming the variable', () => {
    for (const bad of ['bm-files', 'http://bm-files/x', 's3://BM/x', 's3://b/x', 's3://bm-files/../x']) {
      expect(() => loadConfig({ STORAGE_URL: bad })).toThrow(/^Invalid environment variable STORAGE_URL: /);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://bm-files', STORAGE_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /^Invalid environment variable STORAGE_S3_ENDPOINT: /,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bm-files', AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /^Missing environment variable AWS_SECRET_ACCESS_KEY/,
    );
  });
});

describe('DATABASE_DIRECT_URL', () => {
  it('is DATABASE_URL unless set, and needs DATABASE_URL beside it', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://a@pooler:6432/bm' }).databaseDirectUrl).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://a@pooler:6432/bm',
        DATABASE_DIRECT_URL: 'postgres://a@db:5432/bm',
      }).databaseDirectUrl,
    ).toBe('postgres://a@db:5432/bm');
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://a@db:5432/bm' })).toThrow(
      /DATABASE_DIRECT_URL: it needs DATABASE_URL/,
    );
  });
});

describe('DATABASE_READ_URLS and DATABASE_READ_MAX_LAG_MS', () => {
  const primary = 'postgres://bm@db/bmtools';

  it('read the primary alone by default, with a lag bound of 5 s', () => {
    expect(loadConfig({}).readReplicas).toEqual({ urls: [], maxLagMs: 5000 });
  });

  it('take a comma list of replica URLs and a bound', () => {
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URLS: 'postgres://bm@replica1/bmtools, postgresql://bm@replica2:5433/bmtools',
      DATABASE_READ_MAX_LAG_MS: '1500',
    });
    expect(config.readReplicas).toEqual({
      urls: ['postgres://bm@replica1/bmtools', 'postgresql://bm@replica2:5433/bmtools'],
      maxLagMs: 1500,
    });
  });

  it('refuse what is not a postgres URL, replicas without a primary and a negative bound, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URLS: 'replica1:5432' })).toThrow(
      /^Invalid environment variable DATABASE_READ_URLS: entry 1 /,
    );
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://bm@replica1/bmtools' })).toThrow(
      /^Invalid environment variable DATABASE_READ_URLS: replicas need DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: '-1' })).toThrow(/DATABASE_READ_MAX_LAG_MS/);
  });
});
