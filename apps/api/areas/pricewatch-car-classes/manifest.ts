/**
 * Price-watch car classes: ACRISS (SIPP) codes, four letters for category, type, transmission and
 * fuel/air conditioning, with the name the code spells out (acriss.ts).
 */
import { codeField, lookup, pricewatchArea, required } from '../catalogue.ts';

const readout = (key: string, label: string) => ({
  key,
  label,
  type: 'text' as const,
  form: { type: 'text' as const, validations: [required] },
});

export const pricewatchCarClasses = pricewatchArea({
  entity: 'PricewatchCarClass',
  label: 'Car classes',
  singular: 'Car class',
  icon: 'category',
  segment: 'pricewatchcarClass',
  api: '/api/pricewatchCarClasses',
  map: { kind: 'car_class', api: '/api/mapCarClasses', codeLabel: "Merchant's code" },
  table: 'pricewatch_car_classes',
  list: { sort: { key: 'code', direction: 'ASC' } },
  fields: [
    codeField(
      'ACRISS code',
      '[MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX]',
      'A valid ACRISS code, as in CDMR',
    ),
    readout('category', 'Category'),
    readout('vehicleType', 'Type'),
    readout('transmission', 'Transmission'),
    readout('fuelAir', 'Fuel / air'),
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
