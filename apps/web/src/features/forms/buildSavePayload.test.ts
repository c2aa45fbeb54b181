import { describe, expect, it } from 'vitest';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { makeField } from '../../fields/test/renderField.tsx';
import { buildSavePayload, NO_PROCEDURE_MESSAGE } from './buildSavePayload.ts';

const named = (mapKey: string, field: ReturnType<typeof makeField>) => ({ ...field, key: mapKey, mapKey });
const fields = [
  named('name', makeField('text')),
  named('priority', makeField('number')),
  named('language', makeField('combobox', { mapKeyId: 'languageId' })),
  named('url', makeField('text', { preFill: 'https://' })),
  named('gap', makeField('spacer')),
  named('publishedAt', makeField('date')),
];
const base = { fields, procedure: 'bm_page_update', adapterOf: fieldWidget };

describe('buildSavePayload', () => {
  it("throws the spec's text without a procedure", () => {
    expect(() => buildSavePayload({ ...base, procedure: undefined, values: {} })).toThrow(
      NO_PROCEDURE_MESSAGE,
    );
    expect(NO_PROCEDURE_MESSAGE).toBe('there are prolems related to configuration while sent data to API');
  });

  it('sends mapkey/value pairs: ids for key-id fields, null for empty non-text, prefixes prepended', () => {
    const payload = buildSavePayload({
      ...base,
      values: {
        name: '',
        priority: null,
        language: 3,
        url: 'example.com',
        url_preFill: 'https://',
        publishedAt: '2024-05-01',
      },
    });
    expect(payload).toEqual({
      storeProcedure: 'bm_page_update',
      values: [
        { mapkey: 'name', value: '' },
        { mapkey: 'priority', value: null },
        { mapkey: 'languageId', value: 3 },
        { mapkey: 'url', value: 'https://example.com' },
        { mapkey: 'publishedAt', value: '2024-05-01' },
      ],
    });
  });

  it('does not prefix twice and sends empty prefixed values as empty', () => {
    const payload = buildSavePayload({ ...base, values: { url: 'https://a.b', url_preFill: 'https://' } });
    expect(payload.values.find((v) => v.mapkey === 'url')?.value).toBe('https://a.b');
    const empty = buildSavePayload({ ...base, values: { url: '', url_preFill: 'https://' } });
    expect(empty.values.find((v) => v.mapkey === 'url')?.value).toBe('');
  });

  it('adds the row version on update and the page config database', () => {
    const payload = buildSavePayload({ ...base, values: {}, rowVersion: 7, databaseName: 'content' });
    expect(payload.databaseName).toBe('content');
    expect(payload.values.at(-1)).toEqual({ mapkey: 'rowVersion', value: 7 });
  });

  it('in mark-fields mode sends only the marked fields and markedFields', () => {
    const payload = buildSavePayload({
      ...base,
      values: { name: 'x', language: 2 },
      marked: new Set(['name', 'language']),
    });
    expect(payload.values).toEqual([
      { mapkey: 'name', value: 'x' },
      { mapkey: 'languageId', value: 2 },
      { mapkey: 'markedFields', value: 'name,languageId' },
    ]);
  });
});

describe('buildSavePayload with conditional fields', () => {
  const place = [
    named('type', makeField('combobox', { mapKeyId: 'typeId' })),
    named('name', makeField('text')),
    named('latitude', makeField('decimal', { visibleWhen: 'typeId != 8' })),
    named(
      'country',
      makeField('combobox', { mapKeyId: 'countryId', visibleWhen: 'typeId >= 3 && typeId < 8' }),
    ),
  ];

  it('sends the fields shown, and a hidden id field as null, never its name', () => {
    const values = { type: 8, name: 'Alps', latitude: 46.5, country: 2, country__display: 'Spain' };
    const payload = buildSavePayload({ ...base, fields: place, values });
    expect(payload.values).toEqual([
      { mapkey: 'typeId', value: 8 },
      { mapkey: 'name', value: 'Alps' },
      { mapkey: 'countryId', value: null },
    ]);
    const city = buildSavePayload({ ...base, fields: place, values: { ...values, type: 4 } });
    expect(city.values).toEqual([
      { mapkey: 'typeId', value: 4 },
      { mapkey: 'name', value: 'Alps' },
      { mapkey: 'latitude', value: 46.5 },
      { mapkey: 'countryId', value: 2 },
    ]);
  });
});
