/** Merchant cars: the models each merchant feed sends, usually "or similar". */
import { merchantArea } from '../catalogue.ts';

export const merchantCars = merchantArea({
  entity: 'MerchantCar',
  label: 'Cars',
  singular: 'Car',
  icon: 'car',
  segment: 'merchantmapcar',
  api: '/api/merchantcars',
  map: { kind: 'car', api: '/api/mapMerchantCars', codeLabel: 'Class', detailLabel: 'Class name · seats' },
  table: 'merchant_cars',
  target: { table: 'pricewatch_cars', entity: 'PricewatchCar', label: 'price-watch car' },
  fields: [
    {
      key: 'carClassCode',
      label: 'Class code',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'maxlength', value: 10, message: 'At most 10 characters' }],
      },
    },
    {
      key: 'seats',
      label: 'Seats',
      type: 'number',
      form: { type: 'number', validations: [{ name: 'max', value: 17, message: 'At most 17' }] },
    },
  ],
  sample: {
    merchantId: { sql: 'SELECT min(id) FROM merchants' },
    externalCode: 'SAMPLE-CAR-1',
    name: 'VW Golf or similar',
    carClassCode: 'CDMR',
    seats: 5,
  },
});
