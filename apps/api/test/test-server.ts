/**
 * Starts the real server (same code as `npm start`) on a free port against a test database, for
 * API tests over real HTTP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { afterFile } from './file-end.ts';
import { createTestDatabase } from './test-database.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface TestServer extends RunningServer {
  baseUrl: string;
  databaseUrl: string;
  /** This server's own export folder (other test files' servers run beside it, with theirs). */
  exportDir: string;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const { url: databaseUrl } = await createTestDatabase();
  const port = await freePort();
  const exportDir = await mkdtemp(path.join(tmpdir(), 'bm-exports-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    // Finished exports go to a folder of this server's own, removed when the server stops.
    EXPORT_STORAGE_DIR: exportDir,
    ...env,
  });
  const server = await startServer(config, () => {});
  afterFile(async () => {
    await server.close();
    await rm(exportDir, { recursive: true, force: true });
  });
  return { ...server, baseUrl: `http://localhost:${port}`, databaseUrl, exportDir };
}
