import { describe, expect, it } from 'vitest';
import { displayKey } from '../../fields/displayKey.ts';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { makeField } from '../../fields/test/renderField.tsx';
import { initialValues, namedFromAddress } from './initialValues.ts';

const named = (mapKey: string, field: ReturnType<typeof makeField>) => ({ ...field, key: mapKey, mapKey });
const fields = [
  named('name', makeField('text', { defaultValue: 'New page' })),
  named('isActive', makeField('boolean')),
  named('priority', makeField('number')),
  named('language', makeField('combobox', { mapKeyId: 'languageId' })),
  named('url', makeField('link', { preFill: 'https://' })),
  named('user', makeField('text')),
];
const base = { fields, adapterOf: fieldWidget, userEmail: 'me@x.io', search: '' };

describe('initialValues', () => {
  it('reads a stored record through the adapters, ids of key-id fields and prefixes taken off', () => {
    const values = initialValues({
      ...base,
      record: {
        name: 'Home',
        isActive: 'true',
        priority: '5',
        language: 'English',
        languageId: 2,
        url: 'https://a.io',
        user: 'old@x.io',
      },
    });
    expect(values).toMatchObject({
      name: 'Home',
      isActive: true,
      priority: 5,
      language: 2,
      [displayKey('language')]: 'English',
      url: 'a.io',
      url_preFill: 'https://',
      user: 'old@x.io',
    });
  });

  it('starts a new record from the query string, else defaultValue, and sets the user field', () => {
    const values = initialValues({ ...base, record: undefined, search: '?Priority=9&languageid=4&other=1' });
    expect(values).toEqual({
      name: 'New page',
      isActive: false,
      priority: 9,
      language: '4',
      url: '',
      url_preFill: 'https://',
      user: 'me@x.io',
    });
  });

  it('shows a lookup the address names by its text, with no value until that text is found', () => {
    const search = '?language=English';
    const values = initialValues({ ...base, record: undefined, search });
    expect(values).toMatchObject({ language: null, [displayKey('language')]: 'English' });
    expect(namedFromAddress(fields, search).map((n) => [n.field.mapKey, n.text])).toEqual([
      ['language', 'English'],
    ]);
    // The id, when the address gives it, is the value; the text is then not looked up.
    expect(namedFromAddress(fields, '?language=English&languageId=2')).toEqual([]);
    expect(
      initialValues({ ...base, record: undefined, search: '?language=English&languageId=2' }).language,
    ).toBe('2');
  });

  it('ignores the query string for a stored record and fills an empty user field', () => {
    const values = initialValues({ ...base, record: { name: 'A', user: '' }, search: '?name=B' });
    expect(values.name).toBe('A');
    expect(values.user).toBe('me@x.io');
    expect(values.priority).toBeNull();
  });
});
