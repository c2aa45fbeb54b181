import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { groupIntoTabs, hashOfTab, tabIndexFromHash, tabWithError } from './formTabs.ts';

const a = { ...makeField('text', { tabId: 1 }), mapKey: 'a' };
const b = { ...makeField('text', { tabId: '2' }), mapKey: 'b' };
const c = { ...makeField('text'), mapKey: 'c' };

describe('form tabs', () => {
  it('groups fields by tabId, unplaced ones on the first tab', () => {
    const tabs = groupIntoTabs(
      [a, b, c],
      [
        { Id: 1, Name: 'General' },
        { Id: 2, Name: 'SEO' },
      ],
    );
    expect(tabs.map((t) => [t.name, t.fields.map((f) => f.mapKey)])).toEqual([
      ['General', ['a', 'c']],
      ['SEO', ['b']],
    ]);
    expect(groupIntoTabs([a], undefined)).toEqual([]);
    expect(tabWithError(tabs, { b: 'x' })).toBe(1);
    expect(tabWithError(tabs, {})).toBeUndefined();
  });

  it('reads the active tab from the hash, #1 by default', () => {
    expect(tabIndexFromHash('', 3)).toBe(0);
    expect(tabIndexFromHash('#2', 3)).toBe(1);
    expect(tabIndexFromHash('#9', 3)).toBe(0);
    expect(tabIndexFromHash('#x', 3)).toBe(0);
    expect(hashOfTab(2)).toBe('#3');
  });
});
