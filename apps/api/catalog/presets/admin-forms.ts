/** Preset records (edit, view) and the reservation detail view. */
import type { DefaultPresetSpec } from './default-presets.ts';
import { type FieldSpec, formColumns, formPreset, maxLength, required } from './form-builder.ts';

const PRESET_FIELDS: FieldSpec[] = [
  { mapKey: 'id', label: 'Id', listType: 'number', type: 'number', cssClass: 'readonly' },
  {
    mapKey: 'name',
    label: 'Name',
    listType: 'text',
    type: 'text',
    validations: [required('preset name is required'), maxLength(100)],
  },
  { mapKey: 'rightName', label: 'Right', listType: 'text', type: 'text', cssClass: 'readonly' },
  { mapKey: 'presetGroupName', label: 'Group', listType: 'text', type: 'text', cssClass: 'readonly' },
  { mapKey: 'version', label: 'Version', listType: 'number', type: 'number', cssClass: 'readonly' },
  {
    mapKey: 'definition',
    label: 'Definition',
    listType: 'text',
    type: 'jsoncode',
    validations: [required(), { name: 'json', message: 'The definition must be valid JSON' }],
    validationApi: '/api/validation/jsoncode',
    showExpandBtn: true,
  },
];

const RESERVATION_FIELDS: FieldSpec[] = [
  ['id', 'Id', 'number'],
  ['reservationNumber', 'Reservation no.', 'text'],
  ['version', 'Version', 'number'],
  ['subversion', 'Subversion', 'number'],
  ['customerName', 'Customer', 'text'],
  ['customerEmail', 'Email', 'text'],
  ['pickupLocation', 'Pick-up', 'text'],
  ['dropoffLocation', 'Drop-off', 'text'],
  ['pickupDate', 'Pick-up date', 'datetime'],
  ['dropoffDate', 'Drop-off date', 'datetime'],
  ['supplier', 'Supplier', 'text'],
  ['carClass', 'Car class', 'text'],
  ['totalPrice', 'Total', 'decimal'],
  ['currency', 'Currency', 'text'],
  ['status', 'Status', 'text'],
  ['isActiveCustomer', 'Active customer', 'boolean'],
].map(([mapKey, label, type]) => ({
  mapKey: mapKey as string,
  label: label as string,
  listType: type as FieldSpec['listType'],
  type: type as FieldSpec['type'],
  cssClass: 'readonly',
}));

const presetSave = { storedProcedure: 'bm_preset_save', RedirectUrl: '/preset/list' };

export const ADMIN_FORM_PRESETS: DefaultPresetSpec[] = [
  {
    rightName: 'BMTools/Preset/Edit',
    version: 1,
    definition: formPreset('/api/presets', formColumns(PRESET_FIELDS, 'edit'), { edit: presetSave }),
  },
  {
    rightName: 'BMTools/Preset/View',
    version: 1,
    definition: formPreset('/api/presets', formColumns(PRESET_FIELDS, 'edit', { cssClass: 'readonly' }), {
      edit: presetSave,
    }),
  },
  {
    rightName: 'BMTools/Reservation/View',
    version: 1,
    definition: formPreset('/api/reservations', formColumns(RESERVATION_FIELDS, 'edit'), {}),
  },
];
