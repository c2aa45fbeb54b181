/**
 * Mapping history: every map, replace, unmap, blacklist and disable a person or an auto-mapping
 * run made on a merchant record, newest first, as the mapping engine journals it
 * (`merchant_map_history`, a platform table the map actions write). List and view only: history is
 * never edited. It is what the mapping dashboard counts a person's throughput over, and where a
 * mapper looks up who mapped a record to what.
 */
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
const shown = (type: 'number' | 'text' | 'datetime') => ({ type, cssClass: 'readonly' });

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
    {
      key: 'id',
      label: 'Id',
      type: 'number',
      readOnly: true,
      list: { visible: false },
      form: shown('number'),
    },
    { key: 'changedAt', label: 'When', type: 'datetime', readOnly: true, form: shown('datetime') },
    {
      key: 'changedBy',
      searchable: true,
      label: 'By',
      type: 'text',
      readOnly: true,
      form: shown('text'),
    },
    {
      key: 'kind',
      label: 'Kind',
      type: 'text',
      readOnly: true,
      list: { tags: MAP_KIND_TAGS },
      form: shown('text'),
    },
    {
      key: 'action',
      label: 'Action',
      type: 'text',
      readOnly: true,
      list: { tags: ACTION },
      form: shown('text'),
    },
    {
      key: 'merchantRecordId',
      label: 'Merchant record',
      type: 'number',
      readOnly: true,
      form: shown('number'),
    },
    {
      key: 'pricewatchId',
      label: 'Price-watch record',
      type: 'number',
      readOnly: true,
      form: shown('number'),
    },
    {
      key: 'previousPricewatchId',
      label: 'Previously',
      type: 'number',
      readOnly: true,
      list: { visible: false },
      form: shown('number'),
    },
    { key: 'note', searchable: true, label: 'Note', type: 'text', readOnly: true, form: shown('text') },
  ],
});
