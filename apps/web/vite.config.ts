/**
 * Build and dev server of the SPA: two pages (the app and the silent-renew callback), no inlined assets
 * (a strict CSP allows only same-origin scripts, styles and images), and the API proxied in dev.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://localhost:3000';
const CSP_NONCE_PLACEHOLDER = '__BM_CSP_NONCE__';
const page = (name: string): string => decodeURIComponent(new URL(name, import.meta.url).pathname);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script, style sheet and SVG, at the
 * highest levels (done once per build), which the server sends to browsers that accept them: the
 * console's first download shrinks about 3x with no compression work per request. The HTML pages are
 * not compressed here: the server fills in a fresh CSP nonce on every response.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  let writes = true;
  return {
    name: 'bm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      writes = config.build.write;
    },
    // Once every file is final on disk (names included), so each copy sits beside its file.
    async closeBundle() {
      if (!writes) return;
      const files = (await readdir(outDir, { recursive: true })).filter((name) =>
        /\.(js|css|svg)$/.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          await writeFile(
            `${file}.br`,
            await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  // Marks the page with a nonce placeholder the server may replace per response; Mantine's <style>
  // tags then carry the nonce (see src/app/providers/readStyleNonce.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A data: URI would need `img-src data:` in the CSP.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { main: page('./index.html'), silent_renew: page('./silent_renew.html') },
      output: {
        // Long-lived vendor chunks cache across releases; the silent-renew page loads only its own.
        codeSplitting: {
          groups: [
            { name: 'oidc', test: /node_modules[\\/]oidc-client-ts[\\/]/, priority: 4 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            // Only what the first page needs: modules reached through dynamic imports alone (the
            // CodeMirror and Tiptap editors of code and rich-text fields, issue 4) stay in their lazy chunks.
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/,
              priority: 2,
              tags: ['$initial'],
            },
            // noEval.ts goes with zod, so zod's jitless setting is made as the vendor chunk loads,
            // before any chunk that builds a schema (the contracts' chunk loads ahead of the entry's
            // own code, where noEval.ts would otherwise land): see noEval.ts.
            {
              name: 'vendor',
              test: /node_modules|[\\/]src[\\/]noEval\.ts$/,
              priority: 1,
              tags: ['$initial'],
            },
            // The console's own modules of the first download in one chunk: split by the lazy screens
            // that share them, they were ten small files that compress worse apart. Not the
            // silent-renew page's entry, which would then load the whole console.
            {
              name: 'app',
              test: /[\\/](apps[\\/]web[\\/]src[\\/](?!silent-renew\.ts$)|packages[\\/]contracts[\\/]src[\\/])/,
              priority: 0,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/oidc': api,
      '/healthz': api,
      '/notificationshub': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
});
