/**
 * Build of the bundle benchmark's baseline app (bench/baseline-app): React and the console's grid,
 * split like the console (React in a chunk of its own, the rest in the entry), no inlined assets.
 * The bench builds it into a folder of its own with `build({ configFile, build: { outDir } })`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, assetsInlineLimit: 0 },
});
