import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../fields/formField.ts';
import { makeField } from '../../fields/test/renderField.tsx';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { type FormController, useFormController } from './useFormController.ts';

const named = (mapKey: string, field: ReturnType<typeof makeField>) => ({ ...field, key: mapKey, mapKey });

/** The office form's rule: the location stays while its type fits the office type. */
const officeType = named(
  'officeType',
  makeField('singleselect', {
    changedEvent: '/api/dropdowns/office-locations?locationId={locationName}',
    prefillFields: ['locationName', 'locationTypeId'],
  }),
);
const location = named(
  'locationName',
  makeField('autocomplete', {
    mapKeyId: 'locationId',
    source: '/api/dropdowns/office-locations',
    changedEvent: '/api/dropdowns/office-locations?locationId={value}',
    prefillFields: ['locationTypeId'],
    keepWhen: "officeType == 'city' && locationTypeId == 4 || officeType == 'airport' && locationTypeId == 5",
  }),
);
const locationType = named('locationTypeId', makeField('combobox', { keepWhen: 'officeType != null' }));
const address = named('address', makeField('text'));
const fields = [officeType, location, locationType, address];

const LOCATIONS: Record<string, { name: string; type: number }> = {
  '12': { name: 'Madrid', type: 4 },
  '13': { name: 'Sevilla', type: 4 },
  '40': { name: 'Barajas', type: 5 },
};

/** An API whose prefill answers wait until the test releases them, in any order. */
function heldPrefills() {
  const held: { id: string; answer: () => void }[] = [];
  const http = stubHttp((path) => {
    const id = new URL(path, 'http://x').searchParams.get('locationId') ?? '';
    const place = LOCATIONS[id];
    const body = place
      ? {
          data: [
            { id: Number(id), locationId: Number(id), locationName: place.name, locationTypeId: place.type },
          ],
        }
      : { data: [] };
    return new Promise((resolve) => held.push({ id, answer: () => resolve(body) }));
  });
  /** Answers every prefill held for this location, oldest first. */
  const release = async (id: string) => {
    await waitFor(() => expect(held.some((h) => h.id === id)).toBe(true));
    const due = held.filter((h) => h.id === id);
    held.splice(0, held.length, ...held.filter((h) => h.id !== id));
    await act(async () => {
      for (const h of due) h.answer();
    });
  };
  return { http, release };
}

function renderForm(http: ReturnType<typeof stubHttp>, formFields: readonly FormField[] = fields) {
  const form: { current?: FormController } = {};
  function Probe() {
    form.current = useFormController(formFields);
    return null;
  }
  renderWithApp(<Probe />, { services: { http } });
  const controller = () => form.current as FormController;
  return {
    change: (field: FormField, value: unknown) => act(() => controller().change(field, value)),
    values: () => controller().state.values,
  };
}

describe('useFormController prefills', () => {
  // The location's type is still on its way when the address is typed: "fits the office type" is
  // judged once it has arrived, and only then may the location be cleared.
  it.each([
    ['keeps a chosen location that fits', 12, { locationName: 12, locationTypeId: 4 }],
    ['clears a chosen location that does not fit', 40, { locationName: null, locationTypeId: 5 }],
  ])('%s once its type arrives, whatever changed meanwhile', async (_, chosen, after) => {
    const api = heldPrefills();
    const form = renderForm(api.http);
    form.change(officeType, 'city');
    form.change(location, chosen);
    form.change(address, 'Calle Mayor 1');
    expect(form.values().locationName).toBe(chosen);
    await api.release(String(chosen));
    expect(form.values()).toMatchObject({ ...after, address: 'Calle Mayor 1' });
  });

  it('drops an answer asked for a location the form no longer holds, whatever order they land in', async () => {
    const api = heldPrefills();
    const form = renderForm(api.http);
    form.change(officeType, 'airport');
    form.change(location, 12);
    form.change(location, 40);
    await api.release('40');
    expect(form.values()).toMatchObject({ locationName: 40, locationTypeId: 5 });
    // The answer for Madrid (a city) lands last: applied, it would set type 4 and clear Barajas.
    await api.release('12');
    expect(form.values()).toMatchObject({ locationName: 40, locationTypeId: 5 });
  });

  it('drops a reload whose location the user replaced meanwhile', async () => {
    const api = heldPrefills();
    const form = renderForm(api.http);
    form.change(officeType, 'airport');
    form.change(location, 40);
    await api.release('40');
    expect(form.values()).toMatchObject({ locationName: 40, locationTypeId: 5 });
    // The new office type reloads Barajas; meanwhile the user picks Sevilla, a city.
    form.change(officeType, 'city');
    form.change(location, 13);
    await api.release('13');
    // Barajas's late answer must neither bring it back nor set its type (which would clear Sevilla).
    await api.release('40');
    expect(form.values()).toMatchObject({ officeType: 'city', locationName: 13, locationTypeId: 4 });
  });

  it('never overwrites a field the user changed after the prefill was asked for', async () => {
    let answer: (body: unknown) => void = () => undefined;
    const http = stubHttp(() => new Promise((resolve) => (answer = resolve)));
    const country = named('countryId', makeField('number', { changedEvent: '/api/countries/{value}' }));
    const currency = named('currency', makeField('text'));
    const form = renderForm(http, [country, currency]);
    form.change(country, 7);
    form.change(currency, 'EUR');
    await act(async () => answer({ countryId: 7, currency: 'GBP' }));
    expect(form.values()).toMatchObject({ countryId: 7, currency: 'EUR' });
  });
});
