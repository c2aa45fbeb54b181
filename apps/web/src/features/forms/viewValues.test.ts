import { describe, expect, it } from 'vitest';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { makeField } from '../../fields/test/renderField.tsx';
import { viewValues } from './viewValues.ts';

describe('viewValues', () => {
  it('shows display text for key-id fields and puts prefixes back', () => {
    const lang = { ...makeField('combobox', { mapKeyId: 'languageId' }), mapKey: 'language' };
    const url = { ...makeField('text', { preFill: 'https://' }), mapKey: 'url' };
    const active = { ...makeField('boolean'), mapKey: 'active' };
    expect(
      viewValues(
        [lang, url, active],
        { language: 'English', languageId: 2, url: 'a.io', active: 'false' },
        fieldWidget,
      ),
    ).toEqual({
      language: 'English',
      url: 'https://a.io',
      active: false,
    });
  });
});
