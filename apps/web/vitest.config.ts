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
    include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
