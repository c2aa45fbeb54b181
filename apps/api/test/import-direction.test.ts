/**
 * The API's metadata goes one way (docs/areas.md): `areas/` holds the manifests and the kit they
 * are written with and imports nothing of the API outside itself (only `@bm/contracts` and
 * packages); `catalog/` derives everything from them and imports only `areas/`; `src/` (the server)
 * imports both, and nothing imports `src/` back. On top of that, no files of apps/api import each
 * other in a circle, however long: every strongly connected component of the import graph is one
 * file.
 *
 * The graph is every .ts, .mts and .mjs file of apps/api but node_modules and dist, with an edge for
 * every relative import, re-export and dynamic import, type-only ones included (a type import ties
 * the files as much as any other when a type moves). Test files (`*.test.ts`) are left out of the
 * direction rule only: a test sits above what it exercises, and an area's test starts the server.
 * They count for cycles like any other file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from './import-specifiers.ts';

const API = resolve(import.meta.dirname, '..');

/** File → the files it imports, both as paths relative to apps/api (`src/server.ts`). */
type ImportGraph = Map<string, string[]>;

/** Which folder may import which: the folders a file of each may import, besides packages. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  areas: ['areas'],
  catalog: ['catalog', 'areas'],
};

const isTest = (file: string): boolean => /\.test\.[cm]?ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names (its query string dropped, `.js` written for `.ts`). */
function resolveImport(from: string, specifier: string): string {
  const path = resolve(dirname(from), specifier.split('?')[0] ?? '');
  const candidates = [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, join(path, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? path;
}

/** `areas/pages/manifest.ts`; a file outside apps/api keeps its `../` path. */
const local = (file: string): string => relative(API, file).split(sep).join('/');

function importGraph(): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(API)) {
    const targets = importSpecifiers(file)
      .filter((name) => name.startsWith('.'))
      .map((name) => local(resolveImport(file, name)));
    graph.set(local(file), [...new Set(targets)]);
  }
  return graph;
}

/** The top folder of a file: `areas`, `catalog`, `src`, `test`, …; `..` for one outside apps/api. */
const folderOf = (file: string): string => file.split('/')[0] ?? '';

/** Every import a folder's rule refuses, as `from imports to`. */
function backImports(graph: ImportGraph, folder: string): string[] {
  const allowed = MAY_IMPORT[folder] ?? [];
  return [...graph]
    .filter(([file]) => folderOf(file) === folder && !isTest(file))
    .flatMap(([file, targets]) =>
      targets.filter((t) => !allowed.includes(folderOf(t))).map((t) => `${file} imports ${t}`),
    );
}

/** The strongly connected components (Tarjan), each sorted; every file is in exactly one. */
function components(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      component.push(top);
    } while (top !== node);
    found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One circle through a component, from its first file back to it: `a → b → a`. */
function circleIn(graph: ImportGraph, component: readonly string[]): string {
  const members = new Set(component);
  const start = component[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const path = [start];
  for (let node = cameFrom.get(start); node !== undefined && node !== start; node = cameFrom.get(node))
    path.unshift(node);
  return [start, ...path].join(' → ');
}

const describeCycle = (graph: ImportGraph, component: readonly string[]): string =>
  `${component.length} files: ${circleIn(graph, component)}\n    all of them: ${component.join(', ')}`;

describe('the API imports one way: areas ← catalog ← src', () => {
  it('finds the strongly connected components of a small graph, and a circle in each', () => {
    const graph: ImportGraph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    const parts = components(graph);
    expect(parts).toContainEqual(['a', 'b', 'c']);
    expect(parts).toContainEqual(['d']);
    expect(parts).toContainEqual(['e']);
    expect(parts.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(circleIn(graph, ['a', 'b', 'c'])).toBe('a → b → c → a');
  });

  it('reads the real import graph, type-only imports included', () => {
    // Guards the checks below against a scanner that finds nothing.
    const graph = importGraph();
    expect(graph.get('src/catalog/sync-catalog.ts')).toContain('catalog/presets/default-presets.ts');
    expect(graph.get('catalog/entities/index.ts')).toContain('areas/index.ts');
    // `import type { CatalogColumnType } from '../areas/manifest.ts'`
    expect(graph.get('catalog/entity-spec.ts')).toContain('areas/manifest.ts');
    expect(graph.get('areas/pages/demo.ts')).toContain('areas/manifest.ts');
    expect(graph.get('src/code-validation/validate-worker.mjs')).toContain(
      'src/code-validation/validate-code.ts',
    );
  });

  it('areas/ imports nothing of the API outside areas/', () => {
    const offenders = backImports(importGraph(), 'areas');
    expect(
      offenders,
      `areas/ must depend on @bm/contracts and packages only:\n${offenders.join('\n')}`,
    ).toEqual([]);
  });

  it('catalog/ imports only catalog/ and areas/, never src/', () => {
    const offenders = backImports(importGraph(), 'catalog');
    expect(offenders, `catalog/ derives from areas/ alone:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('has no import cycle of more than one file anywhere in apps/api', () => {
    const graph = importGraph();
    const cycles = components(graph)
      .filter((c) => c.length > 1)
      .map((c) => describeCycle(graph, c));
    expect(cycles, `Import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});
