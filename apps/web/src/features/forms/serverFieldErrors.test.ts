import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { serverFieldErrors } from './serverFieldErrors.ts';

describe('serverFieldErrors', () => {
  it('places errors by map key or key-id companion and keeps the rest apart', () => {
    const title = { ...makeField('text'), mapKey: 'title' };
    const lang = { ...makeField('combobox', { mapKeyId: 'languageId' }), mapKey: 'language' };
    expect(
      serverFieldErrors([title, lang], {
        title: 'Too long',
        languageId: 'Unknown',
        is_admin: 'Unknown field',
      }),
    ).toEqual({
      byField: { title: 'Too long', language: 'Unknown' },
      unplaced: ['is_admin: Unknown field'],
    });
  });
});
