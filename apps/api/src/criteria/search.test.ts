/** The list's search (`q`) as the criteria parser reads it: an OR of "contains", AND the filters. */
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../catalog/entities/index.ts';
import { CriteriaError } from './criteria.types.ts';
import { MAX_SEARCH_LENGTH, parseListQuery, parseSearch } from './parse-criteria.ts';
import { listSql } from './plan-sql.ts';

const reservations = catalogEntry('Reservation');

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CriteriaError);
    return (error as CriteriaError).message;
  }
  throw new Error('expected a CriteriaError, got none');
}

describe('parseSearch', () => {
  it('is an OR of "contains" on every searchable column, the text trimmed', () => {
    const node = parseSearch('  bm-1 ', reservations);
    expect(node).toMatchObject({ kind: 'group', conjunction: 'or' });
    if (node?.kind !== 'group') throw new Error('not a group');
    expect(node.children.map((c) => c.kind === 'condition' && c.column.name)).toEqual(reservations.search);
    for (const child of node.children) {
      expect(child).toMatchObject({ operation: 'contains', value: { kind: 'scalar', value: 'bm-1' } });
    }
  });

  it('is nothing when blank or absent', () => {
    expect(parseSearch(undefined, reservations)).toBeNull();
    expect(parseSearch('   ', reservations)).toBeNull();
  });

  it('refuses, naming q, a list without searchable columns, a text given twice and one too long', () => {
    const { search: _none, ...unsearchable } = reservations;
    expect(refusal(() => parseSearch('x', unsearchable))).toMatch(/^q: Reservation has no searchable fields/);
    expect(refusal(() => parseSearch(['a', 'b'], reservations))).toMatch(/^q must be given once/);
    expect(refusal(() => parseSearch('x'.repeat(MAX_SEARCH_LENGTH + 1), reservations))).toMatch(
      /^q is longer/,
    );
  });

  it('holds together with the filters, its text a bound parameter', () => {
    const request = parseListQuery(
      {
        q: "50%_o'",
        filters: JSON.stringify({ operation: 'eq', name: 'status', type: 'text', value: 'confirmed' }),
      },
      reservations,
    );
    expect(request.filter).toMatchObject({ kind: 'group', conjunction: 'and' });
    const key = reservations.columns.find((c) => c.name === 'id');
    if (!key) throw new Error('no id column');
    const sql = listSql(request, key, undefined);
    expect(sql.text).not.toContain("50%_o'");
    expect(sql.text).toMatch(/"reservationNumber" ILIKE \$\d+/);
    expect(sql.values).toContain("%50\\%\\_o'%");
  });
});
