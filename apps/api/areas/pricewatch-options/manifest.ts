/** Price-watch options: the extras a renter may add (child seats, GPS, additional driver…). */
import {
  codeField,
  enabledField,
  idField,
  MAPPABLE,
  nameField,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

const OPTION_CATEGORIES = {
  equipment: { color: 'blue', label: 'Equipment' },
  driver: { color: 'grape', label: 'Driver' },
  protection: { color: 'green', label: 'Protection' },
  service: { color: 'yellow', label: 'Service' },
};

export const pricewatchOptions = defineArea({
  entity: 'PricewatchOption',
  label: 'Options',
  singular: 'Option',
  group: 'Price-watch',
  icon: 'list',
  segment: 'pricewatchOption',
  api: '/api/pricewatchOptions',
  actions: MAPPABLE,
  home: true,
  table: 'pricewatch_options',
  sql: 'generated',
  list: { version: 1, sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: { version: 1 },
  fields: [
    idField,
    nameField(),
    codeField('Code', '[A-Z0-9]{2,10}', '2 to 10 capitals or digits, as in CSI'),
    {
      key: 'category',
      label: 'Category',
      type: 'text',
      list: { tags: OPTION_CATEGORIES },
      form: {
        type: 'singleselect',
        options: Object.entries(OPTION_CATEGORIES).map(([value, tag]) => ({ value, label: tag.label })),
        validations: [required],
      },
    },
    enabledField,
    ...updatedFields,
  ],
  sample: { name: 'Sample roof box', code: 'SMPLRB', category: 'equipment', enabled: true },
});
