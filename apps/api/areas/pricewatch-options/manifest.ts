/** Price-watch options: the extras a renter may add (child seats, GPS, additional driver…). */
import { codeField, pricewatchArea, required } from '../catalogue.ts';
import { tagOptions } from '../manifest.ts';

const OPTION_CATEGORIES = {
  equipment: { color: 'blue', label: 'Equipment' },
  driver: { color: 'grape', label: 'Driver' },
  protection: { color: 'green', label: 'Protection' },
  service: { color: 'yellow', label: 'Service' },
};

export const pricewatchOptions = pricewatchArea({
  entity: 'PricewatchOption',
  label: 'Options',
  singular: 'Option',
  icon: 'list',
  segment: 'pricewatchOption',
  api: '/api/pricewatchOptions',
  map: { kind: 'option', api: '/api/mapOptions', codeLabel: "Merchant's code" },
  table: 'pricewatch_options',
  fields: [
    codeField('Code', '[A-Z0-9]{2,10}', '2 to 10 capitals or digits, as in CSI'),
    {
      key: 'category',
      label: 'Category',
      type: 'text',
      list: { tags: OPTION_CATEGORIES },
      form: {
        type: 'singleselect',
        options: tagOptions(OPTION_CATEGORIES),
        validations: [required],
      },
    },
  ],
  sample: { name: 'Sample roof box', code: 'SMPLRB', category: 'equipment', enabled: true },
});
