import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Components and anything that touches the DOM (`*.test.tsx`, `*.dom.test.ts`) run in jsdom with the
// testing library's setup; the rest (`*.test.ts`: pure logic) in plain Node, in vitest.logic.config.ts.
// Building a jsdom and importing the setup for every file cost more than most of these files' tests.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // One module graph per worker: React, Mantine and the app imported once, not once per file
    // (measured on two cores: this project 202 s → 45 s). What modules keep is emptied after each
    // test (src/test/setup.ts), and no file replaces a module (apps/api/test/shared-module-graph.test.ts).
    isolate: false,
    include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A component test types and clicks through a rendered form in jsdom, a second or two alone; on
    // two cores shared with the API files and their PostgreSQL it has taken over five (the default
    // limit). A test that hangs still fails, at 20 s.
    testTimeout: 20_000,
  },
});
