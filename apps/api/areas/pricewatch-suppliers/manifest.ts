/** Price-watch suppliers: the rental companies whose prices we compare, with their GDS vendor codes. */
import { codeField, lookup, pickedBy, pricewatchArea, refersTo } from '../catalogue.ts';

export const pricewatchSuppliers = pricewatchArea({
  entity: 'PricewatchSupplier',
  label: 'Suppliers',
  singular: 'Supplier',
  icon: 'building-store',
  segment: 'pricewatchsupplier',
  api: '/api/pricewatchSuppliers',
  map: { kind: 'supplier', api: '/api/mapSuppliers', codeLabel: "Merchant's code" },
  table: 'pricewatch_suppliers',
  joins: 'LEFT JOIN pricewatch_locations co ON co.id = t.country_id',
  fields: [
    codeField('Vendor code', '[A-Z0-9]{2,10}', '2 to 10 capitals or digits, as in ZE'),
    {
      key: 'website',
      label: 'Website',
      type: 'text',
      form: {
        type: 'text',
        validations: [{ name: 'url', message: 'A full address starting with https://' }],
      },
    },
    refersTo(
      'PricewatchLocation',
      pickedBy('countryName', 'Home country', 'co.name', 'countryId', 'locations', {
        type: 'autocomplete',
        sourceParams: { locationTypeId: 2 },
        validations: [],
      }),
    ),
  ],
  dropdowns: [
    lookup({
      name: 'pricewatch-suppliers',
      view: 'v_dd_pricewatch_suppliers',
      columns: ['id', 'name', 'code'],
      searchColumn: 'name',
      orderBy: 'name',
    }),
  ],
  sample: { name: 'Sample Rent a Car', code: 'SMPL', website: 'https://sample.example', enabled: true },
});
