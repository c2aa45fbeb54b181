/**
 * Price-watch locations: the places we compare prices for, one tree from the planet down
 * (continent, geo group, country, province, city, airport, train station), built from maintained
 * reference packages by the catalogue demo. Its pages use the location rights ViewLocation,
 * EditLocation and CreateLocation. Location types: docs/adr/0012-catalogue.md.
 */
import {
  codeField,
  coordinateFields,
  iataField,
  lookup,
  pickedBy,
  pricewatchArea,
  refersTo,
} from '../catalogue.ts';

/**
 * The location type decides the layout (ADR 0012): which levels above the place the form asks for,
 * which of them are required, and whether the place has coordinates. Types: 1 continent, 2 country,
 * 3 province, 4 city, 5 airport, 6 train station, 7 planet, 8 geo group.
 */
const ofType = (...types: number[]) => types.map((t) => `locationTypeId == ${t}`).join(' || ');
const layout = (types: number[], requiredToo = true) => ({
  visibleWhen: ofType(...types),
  ...(requiredToo ? { requiredWhen: ofType(...types) } : {}),
});
const BELOW_CONTINENT = [2, 3, 4, 5, 6, 8];
const BELOW_COUNTRY = [3, 4, 5, 6];
const BELOW_PROVINCE = [4, 5, 6];
const IN_A_CITY = [5, 6];
/** Places with coordinates and a time zone: not the planet, not a geo group. */
const PLACES = [1, 2, 3, 4, 5, 6];

/**
 * A level above the place, looked up by name among the locations of its type under the level
 * chosen above it (each level's lookup names the one above, so choosing again empties those below).
 * Province and city lookups fetch 20 suggestions at a time, the others up to 1,000.
 */
const level = (
  key: string,
  label: string,
  alias: string,
  idKey: string,
  params: Record<string, unknown>,
  shown: ReturnType<typeof layout>,
) =>
  pickedBy(key, label, `${alias}.name`, idKey, 'locations', {
    type: 'autocomplete',
    sourceParams: params,
    validations: [],
    ...shown,
  });

/**
 * A level a place lies in (its geo group, listed as its region, its country, province or city): the
 * name links to that location's view, and that view lists the places lying in it, one list per
 * level, filtered on an indexed id. The continent is not: its list would hold most of the table.
 */
const parent = (...args: Parameters<typeof level>) => refersTo('PricewatchLocation', level(...args));

export const pricewatchLocations = pricewatchArea({
  entity: 'PricewatchLocation',
  label: 'Locations',
  singular: 'Location',
  icon: 'map-pin',
  segment: 'pricewatchLocation',
  api: '/api/pricewatchlocations',
  map: {
    kind: 'location',
    api: '/api/maplocations',
    codeLabel: "Merchant's code",
    detailLabel: 'Kind · country · IATA',
  },
  rightOverrides: { View: 'ViewLocation', Edit: 'EditLocation', Create: 'CreateLocation' },
  table: 'pricewatch_locations',
  joins: `JOIN location_types lt ON lt.id = t.location_type_id
    LEFT JOIN pricewatch_locations cn ON cn.id = t.continent_id
    LEFT JOIN pricewatch_locations gg ON gg.id = t.geo_group_id
    LEFT JOIN pricewatch_locations co ON co.id = t.country_id
    LEFT JOIN pricewatch_locations pr ON pr.id = t.province_id
    LEFT JOIN pricewatch_locations ci ON ci.id = t.city_id`,
  list: {
    extraRowActions: [
      {
        type: 'locationKeyword',
        label: 'Location keywords',
        order: 0,
        pageUrl: '/locationkeyword/list?locationId={id}',
        columnKey: 'id',
      },
    ],
  },
  form: {},
  fields: [
    codeField('Code', '[A-Z0-9][A-Z0-9-]{1,39}', 'Capitals, digits and dashes, as in ES-MD or MAD'),
    // The form reads the types' form names (8 is "Geo group"); the list shows their names ("Region").
    pickedBy('locationTypeName', 'Location type', 'lt.name', 'locationTypeId', 'locationtypes', {
      displayFieldName: 'formName',
    }),
    level(
      'continentName',
      'Continent',
      'cn',
      'continentId',
      { locationTypeId: 1, pageSize: 1000 },
      layout(BELOW_CONTINENT),
    ),
    parent(
      'geoGroupName',
      'Geo group',
      'gg',
      'geoGroupId',
      { locationTypeId: 8, continentId: '{continentName}', pageSize: 1000 },
      layout([2], false),
    ),
    parent(
      'countryName',
      'Country',
      'co',
      'countryId',
      { locationTypeId: 2, continentId: '{continentName}', pageSize: 1000 },
      layout(BELOW_COUNTRY),
    ),
    parent(
      'provinceName',
      'Province',
      'pr',
      'provinceId',
      { locationTypeId: 3, countryId: '{countryName}', pageSize: 20 },
      layout(BELOW_PROVINCE),
    ),
    parent(
      'cityName',
      'City',
      'ci',
      'cityId',
      { locationTypeId: 4, provinceId: '{provinceName}', pageSize: 20 },
      layout(IN_A_CITY),
    ),
    // Cities may carry a metropolitan code (LON); an airport must have its own.
    iataField({ visibleWhen: ofType(4, 5), requiredWhen: ofType(5) }),
    ...coordinateFields(layout(PLACES, false)),
    {
      key: 'windowsTimeZone',
      label: 'Windows time zone',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        validations: [{ name: 'maxlength', value: 100, message: 'At most 100 characters' }],
        ...layout(PLACES, false),
      },
    },
    {
      key: 'currencyCode',
      label: 'Currency',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'pattern', value: '[A-Z]{3}', message: 'An ISO 4217 code, as in EUR' }],
        ...layout([2], false),
      },
    },
    {
      // The keyword form reads the location's name under this key when it prefills.
      key: 'locationName',
      label: 'Location name',
      type: 'text',
      select: 't.name',
      list: false,
      record: true,
    },
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
      columns: [
        'id',
        'name',
        'code',
        'locationTypeId',
        'continentId',
        'countryId',
        'provinceId',
        'enabled',
        'locationId',
        'locationName',
      ],
      searchColumn: 'name',
      orderBy: 'name',
      filters: {
        // One location by id, as the keyword form reads it when prefilled from the address.
        locationId: { column: 'id', type: 'integer' },
        locationTypeId: { column: 'locationTypeId', type: 'integer' },
        continentId: { column: 'continentId', type: 'integer' },
        countryId: { column: 'countryId', type: 'integer' },
        provinceId: { column: 'provinceId', type: 'integer' },
        code: { column: 'code', type: 'text' },
        enabled: { column: 'enabled', type: 'boolean' },
      },
    }),
    lookup({
      name: 'office-locations',
      view: 'v_dd_office_locations',
      columns: ['id', 'name', 'locationTypeId', 'locationTypeName', 'locationId', 'locationName', 'label'],
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
    // A city's layout asks for its continent, country and province.
    continentId: { sql: "SELECT continent_id FROM pricewatch_locations WHERE code = 'ES'" },
    countryId: { sql: "SELECT id FROM pricewatch_locations WHERE code = 'ES'" },
    provinceId: {
      sql: `SELECT min(p.id) FROM pricewatch_locations p JOIN pricewatch_locations c ON c.id = p.country_id
             WHERE p.location_type_id = 3 AND c.code = 'ES'`,
    },
    latitude: 40.1,
    longitude: -3.5,
    windowsTimeZone: 'Romance Standard Time',
    enabled: true,
  },
  demo: async (db, { scale }) => (await import('./demo.ts')).seedCatalogue(db, scale),
});
