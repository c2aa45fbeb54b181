/**
 * Price-watch offices: where a supplier hands over its cars. The office type decides the location
 * type it may be at (city 4, the airport kinds 5, train station 6), a rule the table's trigger
 * enforces and the office form follows; an airport office carries its airport's IATA code.
 */
import { coordinateFields, maxLength, pickedBy, pricewatchArea, refersTo, required } from '../catalogue.ts';
import { tagOptions } from '../manifest.ts';

const OFFICE_TYPES = {
  city: { color: 'blue', label: 'City' },
  airport_terminal: { color: 'teal', label: 'Airport terminal' },
  airport_shuttle: { color: 'cyan', label: 'Airport shuttle' },
  airport_meet_greet: { color: 'grape', label: 'Airport meet and greet' },
  train_station: { color: 'orange', label: 'Train station' },
};

/** The location type an office of each type stands at: city 4, the airport kinds 5, train station 6. */
const OFFICE_LOCATION_TYPE: Record<keyof typeof OFFICE_TYPES, number> = {
  city: 4,
  airport_terminal: 5,
  airport_shuttle: 5,
  airport_meet_greet: 5,
  train_station: 6,
};

/** The location stays while its type fits the office type; a change that breaks the fit clears it. */
const FITS = Object.entries(OFFICE_LOCATION_TYPE)
  .map(([office, type]) => `officeType == '${office}' && locationTypeId == ${type}`)
  .join(' || ');

/** The location's name and type, reloaded by id when the office type or the location changes. */
const OFFICE_LOCATION = '/api/dropdowns/office-locations';

export const pricewatchOffices = pricewatchArea({
  entity: 'PricewatchOffice',
  label: 'Offices',
  singular: 'Office',
  icon: 'building',
  segment: 'pricewatchOffice',
  api: '/api/pricewatchOffices',
  map: {
    kind: 'office',
    api: '/api/mapOffices',
    codeLabel: "Merchant's code",
    detailLabel: 'Supplier · kind · IATA',
  },
  table: 'pricewatch_offices',
  joins: `JOIN pricewatch_suppliers s ON s.id = t.supplier_id
    JOIN pricewatch_locations l ON l.id = t.location_id
    JOIN location_types lt ON lt.id = l.location_type_id`,
  form: {},
  fields: [
    refersTo(
      'PricewatchSupplier',
      pickedBy('supplierName', 'Supplier', 's.name', 'supplierId', 'pricewatch-suppliers'),
    ),
    {
      key: 'officeType',
      label: 'Office type',
      type: 'text',
      list: { tags: OFFICE_TYPES },
      form: {
        type: 'singleselect',
        options: tagOptions(OFFICE_TYPES),
        validations: [required],
        changedEvent: `${OFFICE_LOCATION}?locationId={locationName}`,
        prefillFields: ['locationName', 'locationTypeId'],
      },
    },
    refersTo(
      'PricewatchLocation',
      pickedBy('locationName', 'Location', 'l.name', 'locationId', 'office-locations', {
        type: 'autocomplete',
        displayFieldName: 'label',
        changedEvent: `${OFFICE_LOCATION}?locationId={value}`,
        prefillFields: ['locationTypeId'],
        keepWhen: FITS,
      }),
    ),
    {
      key: 'locationTypeName',
      label: 'Location type',
      type: 'text',
      select: 'lt.name',
      list: { visible: false },
    },
    {
      // The form shows the location's type (read-only), reloaded with the location; cleared with
      // the office type, and with the location (an office type it does not fit clears it).
      key: 'locationTypeId',
      label: 'Location type',
      type: 'number',
      select: 'l.location_type_id',
      list: false,
      form: {
        type: 'combobox',
        source: '/api/dropdowns/locationtypes',
        displayFieldName: 'formName',
        valueFieldName: 'id',
        cssClass: 'readonly',
        keepWhen: 'officeType != null && locationName != null',
      },
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
    ...coordinateFields(),
  ],
  sample: {
    name: 'Sample downtown desk',
    supplierId: { sql: 'SELECT min(id) FROM pricewatch_suppliers' },
    officeType: 'city',
    locationId: { sql: 'SELECT min(id) FROM pricewatch_locations WHERE location_type_id = 4' },
    address: 'Calle Mayor 1',
  },
});
