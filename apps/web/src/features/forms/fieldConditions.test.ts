import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { consequencesOf, shownFields } from './fieldConditions.ts';

const named = (mapKey: string, field: ReturnType<typeof makeField>) => ({ ...field, key: mapKey, mapKey });
const lookup = (mapKey: string, idKey: string, parent?: string, extra: Record<string, unknown> = {}) =>
  named(
    mapKey,
    makeField('autocomplete', {
      mapKeyId: idKey,
      source: '/api/dropdowns/places',
      ...(parent ? { sourceParams: { parentId: `{${parent}}` } } : {}),
      ...extra,
    }),
  );
const region = lookup('regionName', 'regionId');
const country = lookup('countryName', 'countryId', 'regionName');
const town = lookup('townName', 'townId', 'countryName', { requiredWhen: 'kind == 4' });
const kind = named('kind', makeField('number'));
const fields = [kind, region, country, town];

describe('cascading lookups', () => {
  it('empties every lookup below the changed one, with the text it showed', () => {
    const values = {
      regionName: 9,
      countryName: 2,
      countryName__display: 'Spain',
      townName: 7,
      townName__display: 'Madrid',
    };
    expect(consequencesOf(fields, region, values)).toEqual({
      countryName: null,
      countryName__display: null,
      townName: null,
      townName__display: null,
    });
    expect(consequencesOf(fields, country, values)).toEqual({ townName: null, townName__display: null });
    expect(consequencesOf(fields, town, values)).toEqual({});
  });

  it('also follows a lookup that names its parent by id key', () => {
    const byId = lookup('child', 'childId', 'countryId');
    expect(consequencesOf([country, byId], country, { child: 1 })).toEqual({
      child: null,
      child__display: null,
    });
  });
});

describe('keepWhen', () => {
  const type = named('officeType', makeField('singleselect'));
  const place = named(
    'locationName',
    makeField('autocomplete', {
      mapKeyId: 'locationId',
      keepWhen:
        "officeType == 'city' && locationTypeId == 4 || officeType == 'train_station' && locationTypeId == 6",
    }),
  );
  const placeType = named(
    'locationTypeName',
    makeField('combobox', { mapKeyId: 'locationTypeId', keepWhen: 'officeType != null' }),
  );
  const office = [type, place, placeType];

  it('clears a location whose type does not fit, and all three when the office type is cleared', () => {
    const at = { officeType: 'city', locationName: 5, locationTypeName: 4 };
    expect(consequencesOf(office, type, at)).toEqual({});
    expect(consequencesOf(office, type, { ...at, officeType: 'train_station' })).toEqual({
      locationName: null,
      locationName__display: null,
    });
    expect(consequencesOf(office, type, { ...at, officeType: null })).toEqual({
      locationName: null,
      locationName__display: null,
      locationTypeName: null,
      locationTypeName__display: null,
    });
    expect(consequencesOf(office, type, { ...at, officeType: 'x' }, { keep: false })).toEqual({});
  });
});

describe('shownFields', () => {
  it('marks a field required while its requiredWhen holds', () => {
    const shown = (k: number) => shownFields(fields, { kind: k }).find((f) => f.mapKey === 'townName');
    expect(shown(4)?.required).toBe(true);
    expect(shown(4)?.rules[0]?.message).toBe('This field is required');
    expect(shown(3)?.required).toBe(false);
  });
});
