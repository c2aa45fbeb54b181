/**
 * The server as `npm run serve` runs it: built by apps/api/build.mjs (into a folder of its own
 * here) and started as a child process. What the build changes is where modules find their files
 * (docs/adr/0021-server-build.md), so each of those is used once: the migrations check at start,
 * the sign-in page and its stylesheet, the code-validation worker (a source file that loads the
 * validators through tsx) with tree-sitter's grammar found by `createRequire`, and a list call.
 * A lazily imported module must still be a chunk of its own, not loaded at start.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, spawnServer, waitFor } from './child-server.ts';
import { signIn } from './sign-in.ts';
import { createTestDatabase } from './test-database.ts';

const API_DIR = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.resolve(API_DIR, `../../.tmp/built-server-${process.pid}`);

let server: ChildServer;
let base = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  execFileSync(process.execPath, [path.join(API_DIR, 'build.mjs'), '--outdir', OUT_DIR], { stdio: 'pipe' });
  server = await spawnServer(
    { NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
    ['--enable-source-maps', path.join(OUT_DIR, 'main.js')],
  );
  base = server.baseUrl;
  await waitFor(
    'a healthy answer from the built server',
    async () => {
      if (server.hasExited()) throw new Error(`the built server exited:\n${server.output()}`);
      return (await fetch(`${base}/healthz`)).status === 200 ? true : undefined;
    },
    60_000,
    50,
  );
}, 120_000);

afterAll(async () => {
  if (server && !server.hasExited()) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe('the built server', () => {
  it('is ES modules with the lazily imported demo seeders in chunks of their own, not in main.js', () => {
    const files = readdirSync(OUT_DIR);
    expect(files).toContain('main.js');
    expect(files.filter((f) => /^demo-.*\.js$/.test(f)).length).toBeGreaterThan(5);
    // faker is imported by a demo seeder only: anywhere else, it would load on every start.
    for (const file of files.filter((f) => f.endsWith('.js') && !f.startsWith('demo-')))
      expect(readFileSync(path.join(OUT_DIR, file), 'utf8'), file).not.toContain('@faker-js/faker');
  });

  it('starts, serves the sign-in page and its assets, and signs in', async () => {
    const css = await fetch(`${base}/oidc/assets/login.css`);
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('{');
    const { accessToken } = await signIn(base, 'admin@bmtools.local', 'admin');
    const list = await fetch(`${base}/api/pages?pageSize=1&pageIndex=0`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('validates C# in its worker thread, from the source beside the build', async () => {
    const { accessToken } = await signIn(base, 'editor@bmtools.local', 'editor');
    const response = await fetch(`${base}/api/validation/cscode`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'class A {\n void M( {}\n}' }),
      signal: AbortSignal.timeout(60_000),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { isSuccess: boolean; message: string };
    expect(body.isSuccess).toBe(false);
    expect(body.message).toMatch(/^Line 2, column \d+/);
  });

  it('left no source path unresolved: every output file finds the checkout from its own place', () => {
    for (const file of readdirSync(OUT_DIR).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(OUT_DIR, file), 'utf8');
      expect(text, file).not.toMatch(/import\.meta\.(dirname|filename)/);
      expect(existsSync(path.join(OUT_DIR, `${file}.map`)), `${file}.map`).toBe(true);
    }
  });
});
