/**
 * The web app's folders import each other without cycles (docs/adr/0003-list-engine.md, "Folder
 * layering"). A folder is `app/<name>` or `features/<name>`, else the top folder under src (`fields`,
 * `test`) or src itself; an import from a file in folder A of a file in folder B is an edge A → B.
 * Test code (`*.test.ts(x)` and `test/` folders) is left out: it sits above everything it exercises.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from '../../api/test/import-specifiers.ts';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Folder → folder it imports → the imports behind that edge ("from.ts imports to.ts"). */
type FolderGraph = Map<string, Map<string, string[]>>;

const isTestCode = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || relative(SRC, file).split(sep).includes('test');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !isTestCode(path) ? [path] : [];
  });
}

function folderOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  const [top = '', second] = parts;
  if ((top === 'features' || top === 'app') && parts.length > 2) return `${top}/${second}`;
  return parts.length > 1 ? top : '.';
}

function folderGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(SRC)) {
    for (const fileName of importSpecifiers(file)) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${relative(SRC, file)} imports ${relative(SRC, target)}`]);
    }
  }
  return graph;
}

/** Every elementary cycle, each once, starting at its alphabetically first folder. */
function findCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const folders = [
    ...new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])]),
  ].sort();
  const cycles: string[][] = [];
  folders.forEach((start, rank) => {
    const walk = (path: string[]): void => {
      const last = path[path.length - 1] ?? start;
      for (const next of [...(graph.get(last)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push([...path]);
        else if (folders.indexOf(next) > rank && !path.includes(next)) walk([...path, next]);
      }
    };
    walk([start]);
  });
  return cycles;
}

const describeCycle = (graph: FolderGraph, cycle: string[]): string =>
  [
    [...cycle, cycle[0]].join(' → '),
    ...cycle.map((from, i) => {
      const to = cycle[(i + 1) % cycle.length] ?? from;
      return `    ${graph.get(from)?.get(to)?.[0] ?? '?'}`;
    }),
  ].join('\n');

describe('folder imports', () => {
  it('finds cycles, each once, in a small graph', () => {
    const graph = new Map([
      ['a', new Map([['b', 1]])],
      [
        'b',
        new Map([
          ['a', 1],
          ['c', 1],
        ]),
      ],
      ['c', new Map([['a', 1]])],
      ['d', new Map([['a', 1]])],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('reads the real import graph', () => {
    // Guards the checks below against a scanner that finds nothing.
    const graph = folderGraph();
    expect(graph.get('features/list')?.has('features/grid')).toBe(true);
    expect(graph.get('app/router')?.has('features/entity-pages')).toBe(true);
  });

  it('has no cycles between folders', () => {
    const graph = folderGraph();
    const cycles = findCycles(graph).map((cycle) => describeCycle(graph, cycle));
    expect(cycles, `Import cycles between folders:\n${cycles.join('\n')}`).toEqual([]);
  });
});
