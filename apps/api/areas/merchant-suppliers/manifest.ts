/** Merchant suppliers: the rental companies as each merchant feed names them. */
import { merchantArea } from '../catalogue.ts';

export const merchantSuppliers = merchantArea({
  entity: 'MerchantSupplier',
  label: 'Suppliers',
  singular: 'Supplier',
  icon: 'building-store',
  segment: 'merchantSupplier',
  api: '/api/merchantsuppliers',
  map: { kind: 'supplier', api: '/api/mapMerchantSuppliers', codeLabel: 'Code', detailLabel: 'Website' },
  table: 'merchant_suppliers',
  target: { table: 'pricewatch_suppliers', entity: 'PricewatchSupplier', label: 'price-watch supplier' },
  sample: {
    merchantId: { sql: 'SELECT min(id) FROM merchants' },
    externalCode: 'SAMPLE-SUP-1',
    name: 'Sample Rent a Car S.L.',
  },
});
