/** singleselect: a select that is picked from, not typed into. */
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { SelectInput } from './selectInput.tsx';
import { SelectView } from './selectView.tsx';

const SingleSelectInput = (props: FieldWidgetProps) => <SelectInput {...props} searchable={false} />;

export const singleselectField = defineField({
  type: 'singleselect',
  Component: SingleSelectInput,
  View: SelectView,
  textual: false,
});
