/**
 * Who may define what in SQL (docs/areas.md): a function belongs to the folder whose migrations
 * create it, the platform's (`db/migrations`) or one area's (`areas/<area>/migrations`), and only
 * that folder's migrations create or replace it. So the shared mapping engine is changed by
 * platform migrations alone, never re-created by an area that uses it, and an area's functions are
 * its own. The map actions are one function each (`map_act_<action>`), so a migration that changes
 * one replaces that one: none re-creates the whole `bm_map_action` after the migration that split it.
 *
 * Only Up sections count: a Down section puts back what its own Up replaced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const API = resolve(import.meta.dirname, '..');

interface Migration {
  /** `db/migrations/1700000009800_mapping.sql` */
  file: string;
  /** `platform`, or the area's folder name. */
  owner: string;
  up: string;
}

function migrations(): Migration[] {
  const inDir = (dir: string, owner: string): Migration[] =>
    readdirSync(join(API, dir))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => {
        const text = readFileSync(join(API, dir, f), 'utf8');
        return { file: `${dir}/${f}`, owner, up: text.split(/^-- Down Migration$/m)[0] ?? '' };
      });
  const areas = readdirSync(join(API, 'areas'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = `areas/${d.name}/migrations`;
      try {
        return inDir(dir, d.name);
      } catch {
        return [];
      }
    });
  return [...inDir('db/migrations', 'platform'), ...areas].sort((a, b) =>
    (a.file.split('/').at(-1) ?? '').localeCompare(b.file.split('/').at(-1) ?? ''),
  );
}

/** The functions (and procedures) an Up section creates or replaces, lower case. */
const createdFunctions = (sql: string): string[] =>
  [...sql.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+(?:public\.)?"?([\w]+)"?/gi)].map(
    (m) => (m[1] ?? '').toLowerCase(),
  );

describe('SQL ownership', () => {
  const all = migrations();

  it('finds the migrations and the functions they create', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(all.flatMap((m) => createdFunctions(m.up))).toContain('bm_map_action');
  });

  it('has every function created or replaced by the migrations of one folder only', () => {
    const owners = new Map<string, Map<string, string[]>>();
    for (const m of all)
      for (const fn of createdFunctions(m.up)) {
        const byOwner = owners.get(fn) ?? new Map<string, string[]>();
        byOwner.set(m.owner, [...(byOwner.get(m.owner) ?? []), m.file]);
        owners.set(fn, byOwner);
      }
    const shared = [...owners]
      .filter(([, byOwner]) => byOwner.size > 1)
      .map(([fn, byOwner]) => `${fn}: ${[...byOwner.values()].flat().join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('changes a map action by its own function, never by re-creating bm_map_action', () => {
    const split = '1700000011200_map-actions.sql';
    const later = all
      .filter((m) => (m.file.split('/').at(-1) ?? '') > split)
      .filter((m) => createdFunctions(m.up).includes('bm_map_action'))
      .map((m) => m.file);
    expect(later).toEqual([]);
    expect(all.some((m) => m.file.endsWith(split))).toBe(true);
  });
});
