import { defineProject } from 'vitest/config';

// The web's logic tests (`*.test.ts`): no DOM, so plain Node. A test that needs `window`, `document`
// or storage is named `*.dom.test.ts` and runs in jsdom with the components (vitest.config.ts).
// Not isolated: these files import the same modules and change no shared state (a test that stubs a
// global or fakes the timers puts it back in afterEach), so each worker imports them once, not once
// per file.
export default defineProject({
  test: {
    name: 'web-logic',
    environment: 'node',
    isolate: false,
    // The architecture test reads every source file: seconds on a loaded two-core machine. A hang
    // guard, not a speed check.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.dom.test.ts'],
  },
});
