import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { conflictRows, displayValue } from './conflictRows.ts';

describe('conflictRows', () => {
  it('lists the fields whose values differ, mine and stored', () => {
    const title = { ...makeField('text'), mapKey: 'title', label: 'Title' };
    const active = { ...makeField('boolean'), mapKey: 'isActive', label: 'Active' };
    const same = { ...makeField('text'), mapKey: 'name', label: 'Name' };
    expect(
      conflictRows(
        [title, active, same],
        { title: 'Mine', isActive: true, name: 'n' },
        { title: 'Theirs', isActive: false, name: 'n' },
      ),
    ).toEqual([
      { mapKey: 'title', label: 'Title', mine: 'Mine', stored: 'Theirs' },
      { mapKey: 'isActive', label: 'Active', mine: 'Yes', stored: 'No' },
    ]);
  });

  it('shows empty and structured values readably', () => {
    expect(displayValue(null)).toBe('(empty)');
    expect(displayValue(['a'])).toBe('["a"]');
  });
});
