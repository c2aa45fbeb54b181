/**
 * What a list screen downloads first: the app's entry chunk and the chunks it imports statically
 * (the browser fetches those before anything renders). Builds the app as `npm run build` does, in
 * memory, and checks that the form engine, its field widgets and the heavy editors (CodeMirror,
 * Tiptap, the date pickers, the upload drop zone, the HTML sanitiser, the dashboards' charts) stay
 * out of them, loaded only when a form or a dashboard needs them, and that the first download keeps
 * within its budget (issue 16: 350 KB gzip).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../..');

/** Modules only forms need: none may be in the first download. */
const FORM_ONLY = [
  /node_modules\/@codemirror\//,
  /node_modules\/@lezer\//,
  /node_modules\/@tiptap\//,
  /node_modules\/prosemirror-/,
  /node_modules\/@mantine\/(dates|tiptap|dropzone)\//,
  /node_modules\/react-dropzone\//,
  /node_modules\/dompurify\//,
  /\/src\/fields\//,
  /\/src\/features\/forms\/(?!EntityRecordScreen\.tsx$)/,
  /\/src\/features\/tools\//,
  /\/src\/features\/dynamic-pages\//,
  // The dashboards' charts load with a dashboard.
  /node_modules\/recharts\//,
  /node_modules\/@mantine\/charts\//,
  /\/src\/features\/dashboards\//,
  // Screens and drawers a list does not open by itself: the mapping queue, the deleted records.
  /\/src\/features\/map-queue\//,
  /\/src\/features\/history\/DeletedRecordsDrawer\.tsx$/,
];

/** The lazy modules that must still be in the build (so the check above is not vacuous). */
const LAZY = [
  'src/features/forms/RecordScreenView.tsx',
  'src/fields/code/createCodeEditor.ts',
  'src/fields/html/RichTextInput.tsx',
  'src/fields/dates/DatePickers.tsx',
  'src/features/tools/ToolScreen.tsx',
  'src/features/dashboards/DashboardScreen.tsx',
  'src/features/map-queue/MapQueuePage.tsx',
  'src/features/history/DeletedRecordsDrawer.tsx',
];

const BUDGET_BYTES = 350 * 1024;

interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  name: string;
  imports: string[];
  modules: string[];
  gzip: number;
}

let outDir = '';
let chunks: BuiltChunk[] = [];

beforeAll(async () => {
  const { build } = await import('vite');
  outDir = mkdtempSync(path.join(tmpdir(), 'bm-initial-bundle-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB,
      configFile: path.join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, write: false },
      plugins: [
        {
          name: 'capture-chunks',
          generateBundle(_options, bundle) {
            chunks = Object.values(bundle).flatMap((out) =>
              out.type === 'chunk'
                ? [
                    {
                      fileName: out.fileName,
                      isEntry: out.isEntry,
                      name: out.name,
                      imports: out.imports,
                      modules: Object.keys(out.modules),
                      gzip: gzipSync(out.code).length,
                    },
                  ]
                : [],
            );
          },
        },
      ],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The app's entry chunk and every chunk it imports statically, transitively. */
function initialChunks(): BuiltChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.name === 'main');
  if (!entry) throw new Error('The build has no main entry chunk.');
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(entry);
  return [...seen.values()];
}

const normalise = (id: string): string => id.split(path.sep).join('/');

describe('the first download of the app', () => {
  it('holds no form-only code: forms, field widgets and editors load when a form opens', () => {
    const initial = initialChunks().flatMap((c) => c.modules.map(normalise));
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.filter((id) => FORM_ONLY.some((pattern) => pattern.test(id)))).toEqual([]);
  });

  it('still builds the form-only modules, in chunks of their own', () => {
    const initialFiles = new Set(initialChunks().map((c) => c.fileName));
    const lazy = chunks.filter((c) => !initialFiles.has(c.fileName)).flatMap((c) => c.modules.map(normalise));
    for (const module of LAZY)
      expect(
        lazy.some((id) => id.endsWith(`/${module}`)),
        module,
      ).toBe(true);
  });

  it('keeps within 350 KB of gzipped JavaScript', () => {
    const total = initialChunks().reduce((sum, c) => sum + c.gzip, 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
