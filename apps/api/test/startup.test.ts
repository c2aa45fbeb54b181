import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { StartupRefusedError, startServer } from '../src/server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { freePort } from './test-server.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});

// One key for the file's starts: they share a database, whose provider keys it encrypts (ADR 0024).
const SECRETS_KEY = randomBytes(32).toString('base64');

const configFor = async (env: Record<string, string>) =>
  loadConfig({
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SECRETS_KEY,
    ...env,
  });

describe('a production start', () => {
  it('refuses to run while demo accounts can sign in', async () => {
    await expect(startServer(await configFor({ NODE_ENV: 'production' }), () => {})).rejects.toThrow(
      StartupRefusedError,
    );
  });

  it('exits with a message naming the demo accounts, from the real entry point', () => {
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SECRETS_KEY,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Refusing to start in production with demo accounts (admin@bmtools.local',
    );
  });

  it('runs when ALLOW_DEMO_USERS=true', async () => {
    const server = await startServer(
      await configFor({ NODE_ENV: 'production', ALLOW_DEMO_USERS: 'true' }),
      () => {},
    );
    await server.close();
  });

  it('runs once the demo accounts are disabled', async () => {
    await database.db.query('UPDATE users SET disabled = true WHERE is_demo');
    const server = await startServer(await configFor({ NODE_ENV: 'production' }), () => {});
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    await server.close();
  });
});

describe('configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOOL_URLS: '[1' })).toThrow(/TOOL_URLS/);
  });
});
