#!/usr/bin/env node
/**
 * `npm run build -w apps/api`: the server as plain JavaScript under apps/api/dist, what
 * `npm run serve` runs (docs/adr/0021-server-build.md).
 *
 * Our TypeScript (the API and the shared contracts) is bundled into ES modules, one chunk per
 * lazily imported module (the demo seeds load only when seeding); packages from node_modules stay
 * imports, loaded by Node as usual. Run from source through tsx, every module went through a loader
 * thread and a transform on each start: that was most of the start's time.
 *
 * Modules find their files next to their source (migrations, sign-in page assets, worker scripts,
 * packages resolved with createRequire): `import.meta.dirname`, `import.meta.filename` and
 * `import.meta.url` are rewritten to the source file's place, found from the bundle's own place at
 * run time, so the built server works wherever the checkout is, as long as dist stays in it.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(apiDir, '../..');
// `--outdir <dir>` builds elsewhere in the checkout (the test of the built server does).
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(apiDir, 'dist'));

/** A path inside the checkout as the bundle computes it at run time, from its own directory. */
const fromRoot = (absolute) =>
  `__bmPath.join(__bmRoot, ${JSON.stringify(path.relative(repoRoot, absolute))})`;

/** Our own modules: `import.meta` as the source file would see it. */
const sourcePlaces = {
  name: 'source-places',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', fromRoot(path.dirname(file)))
        .replaceAll('import.meta.filename', fromRoot(file))
        .replaceAll('import.meta.url', `__bmPathToFileURL(${fromRoot(file)}).href`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Packages stay imports, except our workspace packages, which are TypeScript: bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@bm/') ? undefined : { path: specifier, external: true },
    );
  },
};

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: { main: path.join(apiDir, 'src/main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.11',
  sourcemap: 'linked',
  // Every output file sits in outdir itself: the banner finds the checkout from its own directory.
  chunkNames: '[name]-[hash]',
  banner: {
    js: [
      "import __bmPath from 'node:path';",
      "import { fileURLToPath as __bmFileURLToPath, pathToFileURL as __bmPathToFileURL } from 'node:url';",
      `const __bmRoot = __bmPath.resolve(__bmPath.dirname(__bmFileURLToPath(import.meta.url)), ${JSON.stringify(
        path.relative(outdir, repoRoot),
      )});`,
    ].join('\n'),
  },
  plugins: [packagesExternal, sourcePlaces],
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(
  `API built into ${path.relative(repoRoot, outdir)} (${files.length} files) in ${Date.now() - started} ms`,
);
