/** Merchant car classes: the class codes and names each merchant feed sends (SIPP or its own). */
import { merchantArea } from '../catalogue.ts';

export const merchantCarClasses = merchantArea({
  entity: 'MerchantCarClass',
  label: 'Car classes',
  singular: 'Car class',
  icon: 'category',
  segment: 'merchantCarClass',
  api: '/api/merchantcarclasses',
  map: {
    kind: 'car_class',
    api: '/api/mapMerchantCarClasses',
    codeLabel: 'ACRISS code',
    detailLabel: 'Category · type · transmission',
  },
  table: 'merchant_car_classes',
  // The spec spells this one right in lower case.
  rightOverrides: { View: 'BMTools/merchantcarclass/View' },
  target: {
    table: 'pricewatch_car_classes',
    entity: 'PricewatchCarClass',
    label: 'price-watch car class',
    name: "code || ' · ' || pw.name",
  },
  sample: {
    merchantId: { sql: 'SELECT min(id) FROM merchants' },
    externalCode: 'SAMPLE-CC-1',
    name: 'Compact 5 doors manual',
  },
});
