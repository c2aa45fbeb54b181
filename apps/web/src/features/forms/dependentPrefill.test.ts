import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { prefillUrl, prefillValues } from './dependentPrefill.ts';

const location = {
  ...makeField('combobox', { changedEvent: '/api/warehouses/{value}?type={typeId}' }),
  mapKey: 'locationId',
};
const name = { ...makeField('text'), mapKey: 'locationName' };
const type = { ...makeField('number', { mapKeyId: 'locationTypeId' }), mapKey: 'locationType' };

describe('dependent prefill', () => {
  it('builds the parent path from the new value and other fields', () => {
    expect(prefillUrl(location, 'a b', { typeId: 4 })).toBe('/api/warehouses/a%20b?type=4');
    expect(prefillUrl(location, '', { typeId: 4 })).toBeUndefined();
    expect(prefillUrl(location, 3, {})).toBeUndefined();
    expect(prefillUrl({ ...location, spec: { changedEvent: 'reload()' } }, 3, {})).toBeUndefined();
  });

  it('takes the answer keys that are other fields of the form', () => {
    const body = { data: [{ locationId: 9, locationName: 'Berlin', locationTypeId: 4, other: 1 }] };
    expect(prefillValues([location, name, type], location, body)).toEqual({
      locationName: 'Berlin',
      locationType: 4,
    });
    expect(prefillValues([location, name], location, { locationName: 'Paris' })).toEqual({
      locationName: 'Paris',
    });
    expect(prefillValues([location, name], location, 'nope')).toEqual({});
  });

  it('sets only the listed fields when the spec names them, an id field with its text', () => {
    const office = { ...makeField('text'), mapKey: 'name' };
    const place = { ...makeField('autocomplete', { mapKeyId: 'placeId' }), mapKey: 'placeName' };
    const kind = {
      ...makeField('singleselect', { changedEvent: '/x?id={placeName}', prefillFields: ['placeName'] }),
      mapKey: 'kind',
    };
    const body = { data: [{ name: 'Munich', placeId: 5, placeName: 'Munich' }] };
    expect(prefillValues([office, place, kind], kind, body)).toEqual({
      placeName: 5,
      placeName__display: 'Munich',
    });
  });
});
