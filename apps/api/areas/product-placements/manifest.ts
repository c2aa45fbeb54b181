/**
 * Product placement rules: which supplier's offer the search results lift into which slot (top,
 * featured, sponsored, bottom) for one country and optionally one car class, between two dates.
 * Everything but the table and the demo rows is derived: its SQL is generated (docs/areas.md).
 */
import { defineArea, tagOptions } from '../manifest.ts';

const PLACEMENT = {
  top: { color: 'blue', label: 'Top of results' },
  featured: { color: 'green', label: 'Featured' },
  sponsored: { color: 'yellow', label: 'Sponsored' },
  bottom: { color: 'gray', label: 'Bottom of results' },
};
/** The location type of a country (docs/adr/0012-catalogue.md). */
const COUNTRY_TYPE = 2;
const required = { name: 'required', message: 'This field is required' };
const maxLength = (value: number) => ({ name: 'maxlength', value, message: `At most ${value} characters` });

export const productPlacements = defineArea({
  entity: 'ProductPlacement',
  label: 'Product placement rules',
  singular: 'Rule',
  titleField: 'name',
  group: 'Content',
  icon: 'layout',
  segment: 'productplacement',
  api: '/api/productplacements',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'product_placements',
  sql: 'generated',
  list: { sort: { key: 'id', direction: 'DESC' }, createRedirect: true },
  form: {
    tabs: [
      { Id: 1, Name: 'Rule' },
      { Id: 2, Name: 'Validity' },
    ],
  },
  fields: [
    {
      key: 'id',
      label: 'Id',
      type: 'number',
      readOnly: true,
      form: { type: 'number', cssClass: 'readonly', tabId: 1, notOnCreate: true },
    },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [required, maxLength(200)] },
    },
    {
      key: 'placement',
      label: 'Placement',
      type: 'text',
      list: { tags: PLACEMENT },
      form: {
        type: 'singleselect',
        tabId: 1,
        options: tagOptions(PLACEMENT),
        validations: [required],
      },
    },
    // The country and the supplier are stored as the live site reads them (a country's ISO code, a
    // supplier's name), picked from the price-watch countries and suppliers; each links to the
    // record it names, whose id the list and record views look up (their related list reads it).
    {
      key: 'countryCode',
      label: 'Country',
      type: 'text',
      refersTo: { entity: 'PricewatchLocation', idKey: 'countryId' },
      form: {
        type: 'combobox',
        tabId: 1,
        source: '/api/dropdowns/locations',
        sourceParams: { locationTypeId: COUNTRY_TYPE, pageSize: 1000 },
        displayFieldName: 'name',
        valueFieldName: 'code',
        validations: [
          required,
          { name: 'pattern', value: '[A-Z]{2}', message: 'Two capital letters, as in ES or GB' },
        ],
      },
    },
    {
      key: 'countryId',
      label: 'Country id',
      type: 'number',
      select: `(SELECT co.id FROM pricewatch_locations co WHERE co.code = t.country_code AND co.location_type_id = ${COUNTRY_TYPE})`,
      list: { hidden: true },
      record: true,
    },
    {
      key: 'supplier',
      searchable: true,
      label: 'Supplier',
      type: 'text',
      refersTo: { entity: 'PricewatchSupplier', idKey: 'supplierId' },
      form: {
        type: 'combobox',
        tabId: 1,
        source: '/api/dropdowns/pricewatch-suppliers',
        displayFieldName: 'name',
        valueFieldName: 'name',
        validations: [required, maxLength(100)],
      },
    },
    {
      key: 'supplierId',
      label: 'Supplier id',
      type: 'number',
      // Supplier names are not unique by constraint: the oldest supplier of the name is the one meant.
      select: '(SELECT min(s.id) FROM pricewatch_suppliers s WHERE s.name = t.supplier)',
      list: { hidden: true },
      record: true,
    },
    {
      key: 'carClass',
      label: 'Car class',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [maxLength(50)] },
    },
    {
      key: 'position',
      label: 'Position',
      type: 'number',
      insertDefault: '1',
      form: {
        type: 'number',
        tabId: 1,
        validations: [
          required,
          { name: 'number', message: 'Digits only' },
          { name: 'min', value: 1, message: 'The first position is 1' },
          { name: 'max', value: 50, message: 'At most position 50' },
        ],
      },
    },
    {
      key: 'isActive',
      label: 'Active',
      type: 'boolean',
      insertDefault: 'true',
      form: { type: 'boolean', tabId: 1 },
    },
    { key: 'validFrom', label: 'Valid from', type: 'date', form: { type: 'date', tabId: 2 } },
    { key: 'validTo', label: 'Valid to', type: 'date', form: { type: 'date', tabId: 2 } },
    {
      key: 'notes',
      label: 'Notes',
      type: 'text',
      list: false,
      form: { type: 'text', tabId: 2, validations: [maxLength(2000)] },
    },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true, list: { visible: false } },
    { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true, list: { visible: false } },
  ],
  sample: {
    name: 'Sixt SUV on top in Spain this winter',
    placement: 'top',
    countryCode: 'ES',
    supplier: 'Sixt',
    carClass: 'SUV',
    position: 2,
    isActive: true,
    validFrom: '2026-12-01',
    validTo: '2027-02-28',
    notes: 'Winter campaign agreed with the supplier',
  },
  demo: async (db) => (await import('./demo.ts')).seedProductPlacements(db),
});
