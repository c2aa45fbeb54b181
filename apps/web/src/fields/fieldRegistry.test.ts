import { FORM_FIELD_TYPES } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { fieldWidget, registeredFieldTypes } from './fieldRegistry.ts';
import './registerFields.ts';

describe('field registry', () => {
  it('has one widget for every form field type', () => {
    expect([...registeredFieldTypes()].sort()).toEqual([...FORM_FIELD_TYPES].sort());
    for (const type of FORM_FIELD_TYPES) expect(fieldWidget(type).type).toBe(type);
  });

  it('sends empty text as text and every other empty value as null', () => {
    const textual = FORM_FIELD_TYPES.filter((t) => fieldWidget(t).textual);
    expect(textual.sort()).toEqual(
      [
        'cscode',
        'csscode',
        'htmlcode',
        'htmleditor',
        'jscode',
        'jsoncode',
        'jsonview',
        'keygenerator',
        'link',
        'text',
        'xmlcode',
        'yamlcode',
      ].sort(),
    );
  });
});
