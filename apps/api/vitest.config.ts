import { defineConfig } from 'vitest/config';

/**
 * The API's tests (real PostgreSQL, real HTTP), each file in a module graph of its own. A file must
 * stop what it starts: helpers register servers and pools with test/file-end.ts, which the setup
 * file stops when the file ends (an `afterAll` registered inside a `beforeAll` is never run). That
 * is also what sharing one module graph per worker (`isolate: false`, about 125 s less import time
 * across the suite) needs; test/shared-module-graph.test.ts keeps module replacement out already.
 */
export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'catalog/**/*.test.ts', 'areas/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
