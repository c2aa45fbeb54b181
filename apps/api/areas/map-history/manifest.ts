/**
 * Mapping history: every map, replace, unmap, blacklist and disable a person or an auto-mapping
 * run made on a merchant record, newest first, as the mapping engine journals it
 * (`merchant_map_history`, a platform table the map actions write). List and view only: history is
 * never edited. It is what the mapping dashboard counts a person's throughput over, and where a
 * mapper looks up who mapped a record to what.
 */
import { shownField } from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

export const MAP_KIND_TAGS = {
  location: { color: 'blue', label: 'Location' },
  office: { color: 'cyan', label: 'Office' },
  supplier: { color: 'grape', label: 'Supplier' },
  car: { color: 'teal', label: 'Car' },
  car_class: { color: 'lime', label: 'Car class' },
  option: { color: 'orange', label: 'Option' },
  included_item: { color: 'yellow', label: 'Included item' },
  insurance: { color: 'pink', label: 'Insurance' },
  reservation: { color: 'indigo', label: 'Reservation' },
};
const ACTION = {
  map: { color: 'green', label: 'Mapped' },
  replace: { color: 'blue', label: 'Replaced' },
  unmap: { color: 'gray', label: 'Unmapped' },
  ignore: { color: 'red', label: 'Blacklisted' },
  disable: { color: 'orange', label: 'Disabled' },
};

export const mapHistory = defineArea({
  entity: 'MapHistory',
  label: 'Mapping history',
  singular: 'Mapping change',
  titleField: null,
  group: 'Merchant',
  icon: 'history',
  segment: 'maphistory',
  api: '/api/maphistory',
  actions: ['List', 'View'],
  table: 'merchant_map_history',
  sql: 'generated',
  list: { sort: { key: 'changedAt', direction: 'DESC' } },
  form: { presets: ['View'], viewOnly: true },
  fields: [
    shownField('id', 'Id', 'number', { list: { visible: false } }),
    shownField('changedAt', 'When', 'datetime'),
    shownField('changedBy', 'By', 'text', { searchable: true }),
    shownField('kind', 'Kind', 'text', { list: { tags: MAP_KIND_TAGS } }),
    shownField('action', 'Action', 'text', { list: { tags: ACTION } }),
    shownField('merchantRecordId', 'Merchant record', 'number'),
    shownField('pricewatchId', 'Price-watch record', 'number'),
    shownField('previousPricewatchId', 'Previously', 'number', { list: { visible: false } }),
    shownField('note', 'Note', 'text', { searchable: true }),
  ],
});
