import { defineConfig } from 'vitest/config';

// One run, four projects: shared contracts, the API (real PostgreSQL, real HTTP), the web app's
// components (jsdom) and the web app's logic (plain Node: no DOM to build for each file).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.logic.config.ts'],
    // Three test files at a time on two cores: an API test file waits on its PostgreSQL and its own
    // HTTP server much of the time, so fewer left the cores idle between its requests. Measured on
    // two cores, the whole run: one at a time 600 s → two 394 s (a smaller suite); with the module
    // graph shared per worker, two 452 s → three 367 s (the cores busy throughout).
    maxWorkers: 3,
  },
});
