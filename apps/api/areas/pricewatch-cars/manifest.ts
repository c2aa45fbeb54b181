/** Price-watch cars: the models rental fleets offer, each in its ACRISS car class. */
import { pickedBy, pricewatchArea, refersTo, required } from '../catalogue.ts';

const small = (key: string, label: string, max: number) => ({
  key,
  label,
  type: 'number' as const,
  form: {
    type: 'number' as const,
    validations: [{ name: 'max', value: max, message: `At most ${max}` }],
  },
});

export const pricewatchCars = pricewatchArea({
  entity: 'PricewatchCar',
  label: 'Cars',
  singular: 'Car',
  icon: 'car',
  segment: 'pricewatchcar',
  api: '/api/pricewatchCars',
  map: { kind: 'car', api: '/api/mapCars', codeLabel: "Merchant's code", detailLabel: 'Class · seats' },
  table: 'pricewatch_cars',
  joins: 'JOIN pricewatch_car_classes cc ON cc.id = t.car_class_id',
  fields: [
    {
      key: 'make',
      searchable: true,
      label: 'Make',
      type: 'text',
      form: { type: 'text', validations: [required] },
    },
    {
      key: 'model',
      searchable: true,
      label: 'Model',
      type: 'text',
      form: { type: 'text', validations: [required] },
    },
    refersTo(
      'PricewatchCarClass',
      pickedBy(
        'carClassName',
        'Car class',
        "cc.code || ' · ' || cc.name",
        'carClassId',
        'pricewatch-car-classes',
      ),
    ),
    small('doors', 'Doors', 6),
    small('seats', 'Seats', 17),
    small('bags', 'Bags', 10),
  ],
  sample: {
    name: 'Sample Roadster',
    make: 'Sample',
    model: 'Roadster',
    carClassId: { sql: 'SELECT min(id) FROM pricewatch_car_classes' },
    doors: 2,
    seats: 2,
    bags: 1,
  },
});
