/** yamlcode: a code editor for YAML (and so JSON), with its Validate button (see CodeFieldInput). */

import { CodeFieldInput } from '../code/CodeFieldInput.tsx';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { CodeView } from './codeView.tsx';

const Input = (props: FieldWidgetProps) => <CodeFieldInput {...props} type="yamlcode" />;

export const yamlcodeField = defineField({
  type: 'yamlcode',
  Component: Input,
  View: CodeView,
  textual: true,
  wide: true,
});
