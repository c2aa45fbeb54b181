/**
 * Price-watch locations: the places we compare prices for, one tree from the planet down
 * (continent, geo group, country, province, city, airport, train station), built from maintained
 * reference packages by the catalogue demo. Its pages use the location rights ViewLocation,
 * EditLocation and CreateLocation. Location types: docs/adr/0012-catalogue.md.
 */
import {
  codeField,
  enabledField,
  idField,
  lookup,
  MAPPABLE,
  nameField,
  pickedBy,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';
import { seedCatalogue } from './demo.ts';

/** A level above the place, picked by name among the locations of its type under the level above. */
const level = (key: string, label: string, alias: string, idKey: string, params: Record<string, unknown>) =>
  pickedBy(key, label, `${alias}.name`, idKey, 'locations', {
    type: 'autocomplete',
    sourceParams: params,
    validations: [],
  });

export const pricewatchLocations = defineArea({
  entity: 'PricewatchLocation',
  label: 'Locations',
  singular: 'Location',
  group: 'Price-watch',
  icon: 'map-pin',
  segment: 'pricewatchLocation',
  api: '/api/pricewatchlocations',
  actions: MAPPABLE,
  rightOverrides: { View: 'ViewLocation', Edit: 'EditLocation', Create: 'CreateLocation' },
  home: true,
  table: 'pricewatch_locations',
  sql: 'generated',
  joins: `JOIN location_types lt ON lt.id = t.location_type_id
    LEFT JOIN pricewatch_locations cn ON cn.id = t.continent_id
    LEFT JOIN pricewatch_locations gg ON gg.id = t.geo_group_id
    LEFT JOIN pricewatch_locations co ON co.id = t.country_id
    LEFT JOIN pricewatch_locations pr ON pr.id = t.province_id
    LEFT JOIN pricewatch_locations ci ON ci.id = t.city_id`,
  list: { version: 1, sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    codeField('Code', '[A-Z0-9][A-Z0-9-]{1,39}', 'Capitals, digits and dashes, as in ES-MD or MAD'),
    pickedBy('locationTypeName', 'Location type', 'lt.name', 'locationTypeId', 'locationtypes'),
    level('continentName', 'Continent', 'cn', 'continentId', { locationTypeId: 1 }),
    level('geoGroupName', 'Geo group', 'gg', 'geoGroupId', { locationTypeId: 8 }),
    level('countryName', 'Country', 'co', 'countryId', { locationTypeId: 2, continentId: '{continentName}' }),
    level('provinceName', 'Province', 'pr', 'provinceId', { locationTypeId: 3, countryId: '{countryName}' }),
    level('cityName', 'City', 'ci', 'cityId', { locationTypeId: 4, provinceId: '{provinceName}' }),
    {
      key: 'iataCode',
      label: 'IATA code',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'pattern', value: '[A-Z]{3}', message: 'Three capitals, as in MAD' }],
      },
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
    {
      key: 'windowsTimeZone',
      label: 'Windows time zone',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        validations: [{ name: 'maxlength', value: 100, message: 'At most 100 characters' }],
      },
    },
    {
      key: 'currencyCode',
      label: 'Currency',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'pattern', value: '[A-Z]{3}', message: 'An ISO 4217 code, as in EUR' }],
      },
    },
    enabledField,
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'locationtypes',
      view: 'v_dd_location_types',
      columns: ['id', 'name', 'formName', 'enabled'],
      searchColumn: 'name',
      orderBy: 'id',
    }),
    lookup({
      name: 'locations',
      view: 'v_dd_locations',
      columns: ['id', 'name', 'code', 'locationTypeId', 'continentId', 'countryId', 'provinceId', 'enabled'],
      searchColumn: 'name',
      orderBy: 'name',
      filters: {
        locationTypeId: { column: 'locationTypeId', type: 'integer' },
        continentId: { column: 'continentId', type: 'integer' },
        countryId: { column: 'countryId', type: 'integer' },
        provinceId: { column: 'provinceId', type: 'integer' },
        enabled: { column: 'enabled', type: 'boolean' },
      },
    }),
    lookup({
      name: 'office-locations',
      view: 'v_dd_office_locations',
      columns: ['id', 'name', 'locationTypeId', 'locationTypeName'],
      searchColumn: 'name',
      orderBy: 'name',
      filters: {
        locationId: { column: 'id', type: 'integer' },
        locationTypeId: { column: 'locationTypeId', type: 'integer' },
      },
      // The office form reloads the location's name and type when the office type changes.
      rights: [
        'BMTools/PricewatchOffice/View',
        'BMTools/PricewatchOffice/Create',
        'BMTools/PricewatchOffice/Edit',
      ],
    }),
  ],
  sample: {
    name: 'Sample Valley',
    code: 'ES-SAMPLE-VALLEY',
    locationTypeId: 4,
    latitude: 40.1,
    longitude: -3.5,
    windowsTimeZone: 'Romance Standard Time',
    currencyCode: 'EUR',
    enabled: true,
  },
  demo: (db, { scale }) => seedCatalogue(db, scale),
});
