/** Merchant options: the extras each merchant feed sends, under its own names. */
import { merchantArea } from '../catalogue.ts';

export const merchantOptions = merchantArea({
  entity: 'MerchantOption',
  label: 'Options',
  singular: 'Option',
  icon: 'list',
  segment: 'merchantOption',
  api: '/api/merchantOptions',
  map: { kind: 'option', api: '/api/mapMerchantOptions', codeLabel: 'Code', detailLabel: 'Category' },
  table: 'merchant_options',
  target: { table: 'pricewatch_options', entity: 'PricewatchOption', label: 'price-watch option' },
  sample: {
    merchantId: { sql: 'SELECT min(id) FROM merchants' },
    externalCode: 'SAMPLE-OPT-1',
    name: 'Baby seat (0-13 kg)',
  },
});
