import type { PresetDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { buildFormFields, isMarkMode } from './formField.ts';

const definition = {
  settings: {},
  actions: {},
  rowActions: [],
  definition: [
    { key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true },
    {
      key: 'title',
      mapKey: 'title',
      column: 'Title',
      type: 'text',
      visible: true,
      edit: { order: 2, validations: 'required|maxlength:80', tabId: 1 },
      create: { order: 1 },
    },
    {
      key: 'status',
      mapKey: 'status',
      column: 'Status',
      type: 'combobox',
      visible: true,
      source: '/api/dropdowns/statuses',
      inputProps: { clearable: true },
      edit: { order: 1, cssClass: 'half readonly', isMarked: true, label: 'State' },
      bulkupdate: { order: 1 },
    },
  ],
} as unknown as PresetDefinition;

describe('buildFormFields', () => {
  it('takes the columns with the screen sub-object, in order, with the column as fallback', () => {
    const fields = buildFormFields(definition, 'edit');
    expect(fields.map((f) => f.mapKey)).toEqual(['status', 'title']);
    const [status, title] = fields;
    expect(status).toMatchObject({ label: 'State', type: 'combobox', readOnly: true, markable: true });
    expect(status?.spec.source).toBe('/api/dropdowns/statuses');
    expect(status?.spec.inputProps).toEqual({ clearable: true });
    expect(title).toMatchObject({ label: 'Title', type: 'text', required: true, maxLength: 80, tabId: '1' });
  });

  it('uses the create and bulkupdate specs for their screens; bulk fields are all markable', () => {
    expect(buildFormFields(definition, 'create').map((f) => f.mapKey)).toEqual(['title']);
    const bulk = buildFormFields(definition, 'bulkupdate');
    expect(bulk.map((f) => [f.mapKey, f.markable])).toEqual([['status', true]]);
    expect(isMarkMode(bulk)).toBe(true);
    expect(isMarkMode(buildFormFields(definition, 'create'))).toBe(false);
  });

  it('shows the edit fields on a view, or every column when no spec exists', () => {
    expect(buildFormFields(definition, 'view').map((f) => f.mapKey)).toEqual(['status', 'title']);
    const bare = { ...definition, definition: [definition.definition[0]] } as PresetDefinition;
    expect(buildFormFields(bare, 'view').map((f) => f.type)).toEqual(['number']);
  });
});
