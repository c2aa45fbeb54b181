import { defineConfig } from 'vitest/config';

/** `npm run test:stress` only (scripts/stress.mjs): the stress scenarios, one file after another. */
export default defineConfig({
  test: {
    name: 'stress',
    environment: 'node',
    include: ['stress/**/*.stress.ts'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
