import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { optionsFromRows, staticOptions } from './columnOptions.ts';

const col = (extra: Partial<ColumnDefinition>): ColumnDefinition => ({
  key: 'status',
  mapKey: 'status',
  column: 'Status',
  type: 'combobox',
  visible: true,
  ...extra,
});

describe('column options', () => {
  it('reads fixed options from inputProps, else tags', () => {
    expect(staticOptions(col({ inputProps: { options: [{ value: 'a', label: 'A' }, 'b'] } }))).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ]);
    expect(staticOptions(col({ tags: { x: { color: 'red', label: 'Ex' } } }))).toEqual([
      { value: 'x', label: 'Ex' },
    ]);
    expect(staticOptions(col({ source: '/api/x' }))).toBeUndefined();
  });

  it('maps source rows by id/name, value/label or the filterOptions fields, without duplicates', () => {
    expect(
      optionsFromRows(
        [{ id: 1, name: 'One' }, { value: 'v', label: 'V' }, { id: 1, name: 'dup' }, null, {}],
        col({}),
      ),
    ).toEqual([
      { value: '1', label: 'One' },
      { value: 'v', label: 'V' },
    ]);
    const custom = col({ filterOptions: { valueFieldName: 'code', displayFieldName: 'title' } });
    expect(optionsFromRows([{ code: 'c', title: 'Cee', id: 9 }], custom)).toEqual([
      { value: 'c', label: 'Cee' },
    ]);
    expect(optionsFromRows('nope', custom)).toEqual([]);
  });
});
