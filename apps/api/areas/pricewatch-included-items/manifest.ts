/** Price-watch included items: what a rate includes (unlimited mileage, theft protection…). */
import { codeField, maxLength, pricewatchArea } from '../catalogue.ts';

export const pricewatchIncludedItems = pricewatchArea({
  entity: 'PricewatchIncludedItem',
  label: 'Included items',
  singular: 'Included item',
  icon: 'checklist',
  segment: 'pricewatchIncludedItem',
  api: '/api/pricewatchIncludedItems',
  map: { kind: 'included_item', api: '/api/mapIncludedItems', codeLabel: "Merchant's code" },
  table: 'pricewatch_included_items',
  fields: [
    codeField('Code', '[A-Z0-9]{2,10}', '2 to 10 capitals or digits, as in UNL'),
    {
      key: 'description',
      label: 'Description',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', validations: [maxLength(1000)] },
    },
  ],
  sample: { name: 'Sample free upgrade', code: 'SMPLUP', description: 'One class up when available' },
});
