/** Registers a widget for every form field type (`FORM_FIELD_TYPES`), one module per type. */
import { registerField } from './fieldRegistry.ts';
import { autocompleteField } from './widgets/autocompleteField.tsx';
import { booleanField } from './widgets/booleanField.tsx';
import { comboboxField } from './widgets/comboboxField.tsx';
import { cscodeField } from './widgets/cscodeField.tsx';
import { csscodeField } from './widgets/csscodeField.tsx';
import { dateField } from './widgets/dateField.tsx';
import { datetime2Field } from './widgets/datetime2Field.tsx';
import { datetimeField } from './widgets/datetimeField.tsx';
import { decimalField } from './widgets/decimalField.tsx';
import { htmlcodeField } from './widgets/htmlcodeField.tsx';
import { htmleditorField } from './widgets/htmleditorField.tsx';
import { jscodeField } from './widgets/jscodeField.tsx';
import { jsoncodeField } from './widgets/jsoncodeField.tsx';
import { jsonviewField } from './widgets/jsonviewField.tsx';
import { keygeneratorField } from './widgets/keygeneratorField.tsx';
import { linkField } from './widgets/linkField.tsx';
import { menutreeField } from './widgets/menutreeField.tsx';
import { multiselectField } from './widgets/multiselectField.tsx';
import { numberField } from './widgets/numberField.tsx';
import { singleselectField } from './widgets/singleselectField.tsx';
import { spacerField } from './widgets/spacerField.tsx';
import { tableviewField } from './widgets/tableviewField.tsx';
import { textField } from './widgets/textField.tsx';
import { uploadsingleselectField } from './widgets/uploadsingleselectField.tsx';
import { xmlcodeField } from './widgets/xmlcodeField.tsx';
import { yamlcodeField } from './widgets/yamlcodeField.tsx';

const FIELD_WIDGETS = [
  booleanField,
  autocompleteField,
  comboboxField,
  singleselectField,
  multiselectField,
  cscodeField,
  jscodeField,
  jsoncodeField,
  csscodeField,
  htmlcodeField,
  xmlcodeField,
  yamlcodeField,
  textField,
  numberField,
  decimalField,
  keygeneratorField,
  dateField,
  datetimeField,
  datetime2Field,
  jsonviewField,
  tableviewField,
  htmleditorField,
  linkField,
  uploadsingleselectField,
  spacerField,
  menutreeField,
];

for (const widget of FIELD_WIDGETS) registerField(widget);
