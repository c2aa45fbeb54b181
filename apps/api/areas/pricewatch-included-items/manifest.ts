/** Price-watch included items: what a rate includes (unlimited mileage, theft protection…). */
import {
  codeField,
  enabledField,
  idField,
  MAPPABLE,
  maxLength,
  nameField,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

export const pricewatchIncludedItems = defineArea({
  entity: 'PricewatchIncludedItem',
  label: 'Included items',
  singular: 'Included item',
  group: 'Price-watch',
  icon: 'checklist',
  segment: 'pricewatchIncludedItem',
  api: '/api/pricewatchIncludedItems',
  actions: MAPPABLE,
  home: true,
  table: 'pricewatch_included_items',
  sql: 'generated',
  list: { version: 1, sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    codeField('Code', '[A-Z0-9]{2,10}', '2 to 10 capitals or digits, as in UNL'),
    {
      key: 'description',
      label: 'Description',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', validations: [maxLength(1000)] },
    },
    enabledField,
    ...updatedFields,
  ],
  sample: { name: 'Sample free upgrade', code: 'SMPLUP', description: 'One class up when available' },
});
