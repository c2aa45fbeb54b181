/** Price-watch cars: the models rental fleets offer, each in its ACRISS car class. */
import {
  enabledField,
  idField,
  MAPPABLE,
  nameField,
  pickedBy,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

const small = (key: string, label: string, max: number) => ({
  key,
  label,
  type: 'number' as const,
  form: {
    type: 'number' as const,
    validations: [{ name: 'max', value: max, message: `At most ${max}` }],
  },
});

export const pricewatchCars = defineArea({
  entity: 'PricewatchCar',
  label: 'Cars',
  singular: 'Car',
  group: 'Price-watch',
  icon: 'car',
  segment: 'pricewatchcar',
  api: '/api/pricewatchCars',
  actions: MAPPABLE,
  home: true,
  table: 'pricewatch_cars',
  sql: 'generated',
  joins: 'JOIN pricewatch_car_classes cc ON cc.id = t.car_class_id',
  list: { version: 1, sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    { key: 'make', label: 'Make', type: 'text', form: { type: 'text', validations: [required] } },
    { key: 'model', label: 'Model', type: 'text', form: { type: 'text', validations: [required] } },
    pickedBy(
      'carClassName',
      'Car class',
      "cc.code || ' · ' || cc.name",
      'carClassId',
      'pricewatch-car-classes',
    ),
    small('doors', 'Doors', 6),
    small('seats', 'Seats', 17),
    small('bags', 'Bags', 10),
    enabledField,
    ...updatedFields,
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
