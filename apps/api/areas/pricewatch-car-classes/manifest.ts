/**
 * Price-watch car classes: ACRISS (SIPP) codes, four letters for category, type, transmission and
 * fuel/air conditioning, with the name the code spells out (acriss.ts).
 */
import {
  codeField,
  enabledField,
  idField,
  lookup,
  MAPPABLE,
  nameField,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

const readout = (key: string, label: string) => ({
  key,
  label,
  type: 'text' as const,
  form: { type: 'text' as const, validations: [{ name: 'required', message: 'This field is required' }] },
});

export const pricewatchCarClasses = defineArea({
  entity: 'PricewatchCarClass',
  label: 'Car classes',
  singular: 'Car class',
  group: 'Price-watch',
  icon: 'category',
  segment: 'pricewatchcarClass',
  api: '/api/pricewatchCarClasses',
  actions: MAPPABLE,
  home: true,
  table: 'pricewatch_car_classes',
  sql: 'generated',
  list: { version: 1, sort: { key: 'code', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    codeField(
      'ACRISS code',
      '[MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX]',
      'A valid ACRISS code, as in CDMR',
    ),
    readout('category', 'Category'),
    readout('vehicleType', 'Type'),
    readout('transmission', 'Transmission'),
    readout('fuelAir', 'Fuel / air'),
    enabledField,
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'pricewatch-car-classes',
      view: 'v_dd_pricewatch_car_classes',
      columns: ['id', 'name', 'code'],
      searchColumn: 'name',
      orderBy: 'code',
    }),
  ],
  sample: {
    code: 'XXAR',
    name: 'Special Special Auto with air',
    category: 'Special',
    vehicleType: 'Special',
    transmission: 'Automatic',
    fuelAir: 'Unspecified fuel, air',
    enabled: true,
  },
});
