import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { bulkConfirmText, fieldChanges, valueText } from './bulkChanges.ts';

const named = (mapKey: string, label: string, field: ReturnType<typeof makeField>) => ({
  ...field,
  key: mapKey,
  mapKey,
  label,
});
const priority = named('priority', 'Priority', makeField('number'));
const active = named('isActive', 'Active', makeField('boolean'));
const status = named(
  'status',
  'Status',
  makeField('singleselect', {
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'published', label: 'Published' },
    ],
  }),
);
const body = named('contentHtml', 'Content', makeField('htmleditor'));
const fields = [priority, active, status, body];

describe('bulk edit confirmation text', () => {
  it('reads "Priority → 7 on 3 records" for one marked field and three ticked rows', () => {
    const changes = fieldChanges(fields, { priority: 7, isActive: true }, new Set(['priority']));
    expect(bulkConfirmText(changes, 3)).toBe('Priority → 7 on 3 records');
  });

  it('names every marked field in form order, with option labels, Yes/No and one record', () => {
    const changes = fieldChanges(
      fields,
      { priority: 2, isActive: false, status: 'published' },
      new Set(['status', 'isActive']),
      (f) => (f.mapKey === 'status' ? [{ value: 'published', label: 'Published' }] : []),
    );
    expect(bulkConfirmText(changes, 1)).toBe('Active → No, Status → Published on 1 record');
  });

  it('says "(empty)" for a cleared value, "about" for an estimated count and cuts long text', () => {
    expect(valueText(priority, null)).toBe('(empty)');
    expect(valueText(status, [])).toBe('(empty)');
    expect(valueText(body, '<p>Summer <b>sale</b></p>')).toBe('Summer sale');
    expect(valueText(body, 'x'.repeat(200))).toHaveLength(60);
    expect(valueText(status, 'unknown')).toBe('unknown');
    expect(bulkConfirmText([{ label: 'Priority', text: '7' }], 12_345, false)).toBe(
      'Priority → 7 on about 12,345 records',
    );
  });
});
