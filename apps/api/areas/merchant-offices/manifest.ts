/** Merchant offices: each merchant feed's rental desks, with its supplier and location. List and map list only. */
import { merchantArea } from '../catalogue.ts';

export const merchantOffices = merchantArea({
  entity: 'MerchantOffice',
  label: 'Offices',
  singular: 'Office',
  icon: 'building',
  segment: 'merchantOffice',
  api: '/api/merchantOffices',
  map: {
    kind: 'office',
    api: '/api/mapMerchantOffices',
    codeLabel: 'Supplier code',
    detailLabel: 'Supplier · location · type',
  },
  table: 'merchant_offices',
  target: { table: 'pricewatch_offices', entity: 'PricewatchOffice', label: 'price-watch office' },
  listOnly: true,
  joins:
    'JOIN merchant_suppliers ms ON ms.id = t.merchant_supplier_id LEFT JOIN merchant_locations ml ON ml.id = t.merchant_location_id',
  fields: [
    {
      key: 'supplierName',
      label: 'Supplier',
      type: 'text',
      select: 'ms.name',
      idKey: 'merchantSupplierId',
      form: { type: 'number' },
      refersTo: { entity: 'MerchantSupplier' },
    },
    {
      key: 'locationName',
      label: 'Location',
      type: 'text',
      select: 'ml.name',
      idKey: 'merchantLocationId',
      form: { type: 'number' },
      refersTo: { entity: 'MerchantLocation' },
    },
    { key: 'officeKind', label: 'Kind', type: 'text', form: { type: 'text' } },
    { key: 'address', label: 'Address', type: 'text', list: { visible: false }, form: { type: 'text' } },
    { key: 'iataCode', label: 'IATA code', type: 'text', form: { type: 'text' } },
  ],
});
