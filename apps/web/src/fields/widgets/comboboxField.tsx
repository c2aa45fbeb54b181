/** combobox: a searchable select. */
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { SelectInput } from './selectInput.tsx';
import { SelectView } from './selectView.tsx';

const ComboboxInput = (props: FieldWidgetProps) => <SelectInput {...props} searchable />;

export const comboboxField = defineField({
  type: 'combobox',
  Component: ComboboxInput,
  View: SelectView,
  textual: false,
});
