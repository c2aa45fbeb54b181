import { defineConfig } from 'vitest/config';

/**
 * The API's tests (real PostgreSQL, real HTTP). Not isolated: a worker runs its files one after the
 * other in one module graph, instead of importing the server's modules afresh for every file
 * (measured on two cores: about 125 s of import time across the suite → 20 s). So a file must stop
 * what it starts: helpers register servers and pools with test/file-end.ts, which the setup file
 * stops when the file ends; and no file may replace a module (`vi.mock`), which would reach the
 * files after it (test/shared-module-graph.test.ts names any that does).
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
