/**
 * Price-watch offices: where a supplier hands over its cars. The office type decides the location
 * type it may be at (city 4, the airport kinds 5, train station 6), a rule the table's trigger
 * enforces and the office form follows; an airport office carries its airport's IATA code.
 */
import {
  enabledField,
  idField,
  MAPPABLE,
  maxLength,
  nameField,
  pickedBy,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

export const OFFICE_TYPES = {
  city: { color: 'blue', label: 'City' },
  airport_terminal: { color: 'teal', label: 'Airport terminal' },
  airport_shuttle: { color: 'cyan', label: 'Airport shuttle' },
  airport_meet_greet: { color: 'grape', label: 'Airport meet and greet' },
  train_station: { color: 'orange', label: 'Train station' },
};

export const pricewatchOffices = defineArea({
  entity: 'PricewatchOffice',
  label: 'Offices',
  singular: 'Office',
  group: 'Price-watch',
  icon: 'building',
  segment: 'pricewatchOffice',
  api: '/api/pricewatchOffices',
  actions: MAPPABLE,
  home: true,
  table: 'pricewatch_offices',
  sql: 'generated',
  joins: `JOIN pricewatch_suppliers s ON s.id = t.supplier_id
    JOIN pricewatch_locations l ON l.id = t.location_id
    JOIN location_types lt ON lt.id = l.location_type_id`,
  list: { version: 1, sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    pickedBy('supplierName', 'Supplier', 's.name', 'supplierId', 'pricewatch-suppliers'),
    {
      key: 'officeType',
      label: 'Office type',
      type: 'text',
      list: { tags: OFFICE_TYPES },
      form: {
        type: 'singleselect',
        options: Object.entries(OFFICE_TYPES).map(([value, tag]) => ({ value, label: tag.label })),
        validations: [required],
      },
    },
    pickedBy('locationName', 'Location', 'l.name', 'locationId', 'locations', { type: 'autocomplete' }),
    {
      key: 'locationTypeName',
      label: 'Location type',
      type: 'text',
      select: 'lt.name',
      list: { visible: false },
    },
    { key: 'iataCode', label: 'IATA code', type: 'text', readOnly: true },
    { key: 'address', label: 'Address', type: 'text', form: { type: 'text', validations: [maxLength(300)] } },
    {
      key: 'phone',
      label: 'Phone',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', validations: [maxLength(40)] },
    },
    {
      key: 'latitude',
      label: 'Latitude',
      type: 'decimal',
      list: { visible: false },
      form: { type: 'decimal' },
    },
    {
      key: 'longitude',
      label: 'Longitude',
      type: 'decimal',
      list: { visible: false },
      form: { type: 'decimal' },
    },
    enabledField,
    ...updatedFields,
  ],
  sample: {
    name: 'Sample downtown desk',
    supplierId: { sql: 'SELECT min(id) FROM pricewatch_suppliers' },
    officeType: 'city',
    locationId: { sql: 'SELECT min(id) FROM pricewatch_locations WHERE location_type_id = 4' },
    address: 'Calle Mayor 1',
  },
});
