import type { PresetDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { codeFieldRights, uploadFolders } from './form-field-rights.ts';

const form = (
  rightName: string,
  edit: Record<string, unknown>,
  kind: 'edit' | 'create' | 'bulkupdate' = 'edit',
) => ({
  rightName,
  definition: {
    settings: {},
    actions: {},
    rowActions: [],
    definition: [{ key: 'f', mapKey: 'f', column: 'F', type: 'text', visible: true, [kind]: edit }],
  } as PresetDefinition,
});

describe('rights derived from the form presets', () => {
  it('gives code validation to the Create and Edit rights of the shipped forms with a code field', () => {
    expect(codeFieldRights()).toEqual([
      'BMTools/Interception/Create',
      'BMTools/Interception/Edit',
      'BMTools/OpenApiDocument/Create',
      'BMTools/OpenApiDocument/Edit',
      'BMTools/Preset/Edit',
      'BMTools/PresetNew/Edit',
    ]);
  });

  it('gives upload to the page forms, into the folder their image field names', () => {
    expect(uploadFolders()).toEqual(
      new Map([
        ['BMTools/Page/Create', new Set(['pages/images'])],
        ['BMTools/Page/Edit', new Set(['pages/images'])],
      ]),
    );
  });

  it('ignores View, BulkEdit and unknown rights and reads the folder where the widget does', () => {
    const presets = [
      form('BMTools/Page/View', { type: 'jscode' }),
      form(
        'BMTools/Page/BulkEdit',
        { type: 'uploadsingleselect', sourceParams: { directory: 'a' } },
        'bulkupdate',
      ),
      form('BMTools/Menu/Edit', { type: 'uploadsingleselect', inputProps: { directory: 'menus/icons/' } }),
      form(
        'BMTools/Resource/Create',
        { type: 'uploadsingleselect', sourceParams: { directory: 'b' }, inputProps: { directory: 'c' } },
        'create',
      ),
      form('BMTools/Review/Edit', { type: 'htmlcode' }),
      // Reviews are never created: no such right exists.
      form('BMTools/Review/Create', { type: 'cscode' }, 'create'),
    ];
    expect(codeFieldRights(presets)).toEqual(['BMTools/Review/Edit']);
    expect(uploadFolders(presets)).toEqual(
      new Map([
        ['BMTools/Menu/Edit', new Set(['menus/icons'])],
        ['BMTools/Resource/Create', new Set(['b'])],
      ]),
    );
  });
});
