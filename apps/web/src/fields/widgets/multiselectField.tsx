/** multiselect: several values from the field's options, sent as a list. */
import { MultiSelect } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { baseInputProps } from '../inputProps.ts';
import { optionKey, SELECT_MAX_HEIGHT_PX, selectItems, toList, valueOfKey } from '../options/selectData.ts';
import { useFieldOptions } from '../options/useFieldOptions.ts';
import { SELECT_CHANGE_DELAY_MS, useDelayedChange } from '../useDelayedChange.ts';
import { SelectView } from './selectView.tsx';

function MultiSelectInput(props: FieldWidgetProps) {
  const { options } = useFieldOptions(props.field.spec, props.values);
  const [shown, change] = useDelayedChange(toList(props.value), props.onChange, SELECT_CHANGE_DELAY_MS);
  return (
    <MultiSelect
      {...baseInputProps(props)}
      data={selectItems(options, shown)}
      value={shown.map(optionKey)}
      searchable
      clearable={!props.readOnly}
      maxDropdownHeight={SELECT_MAX_HEIGHT_PX}
      onChange={(keys) => change(keys.map((k) => valueOfKey(options, k)))}
    />
  );
}

export const multiselectField = defineField({
  type: 'multiselect',
  Component: MultiSelectInput,
  View: SelectView,
  textual: false,
  fromRecord: toList,
  fromQuery: toList,
});
