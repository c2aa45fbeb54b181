/** Merchant included items: what each merchant feed says a rate includes. List and map list only. */
import { merchantArea } from '../catalogue.ts';

export const merchantIncludedItems = merchantArea({
  entity: 'MerchantIncludedItem',
  label: 'Included items',
  singular: 'Included item',
  icon: 'checklist',
  segment: 'merchantIncludedItem',
  api: '/api/merchantIncludedItems',
  map: {
    kind: 'included_item',
    api: '/api/mapMerchantIncludedItems',
    codeLabel: 'Code',
    detailLabel: 'Description',
  },
  table: 'merchant_included_items',
  target: {
    table: 'pricewatch_included_items',
    entity: 'PricewatchIncludedItem',
    label: 'price-watch included item',
  },
  listOnly: true,
});
