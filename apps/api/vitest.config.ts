import { defineConfig } from 'vitest/config';

/**
 * The API's tests (real PostgreSQL, real HTTP). The files of a worker share one module graph
 * (`isolate: false`: the server's modules imported once per worker, not once per file). So a file
 * stops what it starts: helpers register servers and pools with test/file-end.ts, which the setup
 * file stops when the file ends (an `afterAll` registered inside a `beforeAll` is never run), and no
 * file replaces a module (test/shared-module-graph.test.ts).
 */
export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'catalog/**/*.test.ts', 'areas/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
