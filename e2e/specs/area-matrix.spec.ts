/**
 * The choice of areas for the generated browser tests (support/area-matrix.ts), on made-up areas:
 * no browser, no server.
 */
import { expect, test } from '@playwright/test';
import { chooseAreas } from '../support/area-matrix.ts';

interface Area {
  entity: string;
  segment: string;
  shape: string;
}

const AREAS: Area[] = [
  { entity: 'A1', segment: 'a1', shape: 'list' },
  { entity: 'B1', segment: 'b1', shape: 'list, form' },
  { entity: 'A2', segment: 'a2', shape: 'list' },
  { entity: 'C1', segment: 'c1', shape: 'map list' },
  { entity: 'B2', segment: 'b2', shape: 'list, form' },
  { entity: 'A3', segment: 'a3', shape: 'list' },
];
const choose = (env: Parameters<typeof chooseAreas>[3]) =>
  chooseAreas(
    AREAS,
    (a) => a.shape,
    (a) => [a.entity, a.segment],
    env,
  );
const entities = (areas: Area[]) => areas.map((a) => a.entity);

test('a run takes the first area of each shape, in index order, and names them', () => {
  const { areas, summary } = choose({});
  expect(entities(areas)).toEqual(['A1', 'B1', 'C1']);
  expect(summary).toContain('3 shapes (3 of 6 areas');
  expect(summary).toContain('A1 (1 of 3): list');
  expect(summary).toContain('C1 (1 of 1): map list');
});

test('E2E_MATRIX_SEED takes the next area of each shape in turn', () => {
  expect(entities(choose({ E2E_MATRIX_SEED: '1' }).areas)).toEqual(['A2', 'C1', 'B2']);
  expect(entities(choose({ E2E_MATRIX_SEED: '2' }).areas)).toEqual(['B1', 'C1', 'A3']);
});

test('E2E_FULL_MATRIX=1 takes every area', () => {
  expect(entities(choose({ E2E_FULL_MATRIX: '1' }).areas)).toEqual(entities(AREAS));
});

test('E2E_AREAS takes exactly the named areas, by any of their names and in any case', () => {
  expect(entities(choose({ E2E_AREAS: 'a2, B2', E2E_FULL_MATRIX: '1' }).areas)).toEqual(['A2', 'B2']);
  expect(entities(choose({ E2E_AREAS: 'c1' }).areas)).toEqual(['C1']);
});

test('E2E_AREAS with a name of no area fails, naming it', () => {
  expect(() => choose({ E2E_AREAS: 'A1,nope' })).toThrow('E2E_AREAS names no area: nope');
});
