import { defineConfig } from 'vitest/config';

// One run, three projects: shared contracts, the API (real PostgreSQL, real HTTP) and the web app (jsdom).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
  },
});
