/** Merchant locations: the places each merchant feed sends, under its own names and codes. */
import { coordinateFields, iataField, lookup, merchantArea } from '../catalogue.ts';

const KINDS = ['Region', 'Country', 'City', 'Airport', 'Train station'];

export const merchantLocations = merchantArea({
  entity: 'MerchantLocation',
  label: 'Locations',
  singular: 'Location',
  icon: 'map-pin',
  segment: 'merchantlocation',
  api: '/api/merchantlocations',
  map: {
    kind: 'location',
    api: '/api/mapMerchantLocations',
    codeLabel: 'Code',
    detailLabel: 'Type · country · IATA',
  },
  table: 'merchant_locations',
  target: { table: 'pricewatch_locations', entity: 'PricewatchLocation', label: 'price-watch location' },
  fields: [
    {
      key: 'locationKind',
      label: 'Kind',
      type: 'text',
      form: {
        type: 'singleselect',
        options: KINDS.map((value) => ({ value, label: value })),
        validations: [{ name: 'required', message: 'This field is required' }],
      },
    },
    {
      key: 'countryCode',
      label: 'Country',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'pattern', value: '[A-Z]{2}', message: 'Two capitals, as in ES' }],
      },
    },
    iataField(),
    ...coordinateFields(),
  ],
  // The feeds, for every merchant form's Merchant field.
  dropdowns: [
    lookup({
      name: 'merchants',
      view: 'v_dd_merchants',
      columns: ['id', 'name'],
      searchColumn: 'name',
      orderBy: 'name',
    }),
  ],
  sample: {
    merchantId: { sql: 'SELECT min(id) FROM merchants' },
    externalCode: 'SAMPLE-LOC-1',
    name: 'Sample Valley Airport',
    locationKind: 'Airport',
    countryCode: 'ES',
    iataCode: 'SVQ',
  },
});
