/** xmlcode: a code editor for this language, with its Validate button (see CodeFieldInput). */

import { CodeFieldInput } from '../code/CodeFieldInput.tsx';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { CodeView } from './codeView.tsx';

const Input = (props: FieldWidgetProps) => <CodeFieldInput {...props} type="xmlcode" />;

export const xmlcodeField = defineField({
  type: 'xmlcode',
  Component: Input,
  View: CodeView,
  textual: true,
  wide: true,
});
