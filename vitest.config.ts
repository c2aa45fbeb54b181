import { defineConfig } from 'vitest/config';

// One run, four projects: shared contracts, the API (real PostgreSQL, real HTTP), the web app's
// components (jsdom) and the web app's logic (plain Node: no DOM to build for each file).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.logic.config.ts'],
    // Two test files at a time even on two cores (Vitest's default leaves one core out): an API test
    // file waits on its PostgreSQL and its own HTTP server much of the time, so one file at a time
    // left the machine a third idle. Measured on two cores: the whole run 600 s → 394 s.
    maxWorkers: 2,
  },
});
