/**
 * The single-value select shared by combobox (searchable) and singleselect: options from the field's
 * path or fixed list, menus at most 200 px high, the change passed on 100 ms later.
 */
import { Select } from '@mantine/core';
import type { FieldWidgetProps } from '../fieldWidget.ts';
import { baseInputProps } from '../inputProps.ts';
import { optionKey, SELECT_MAX_HEIGHT_PX, selectItems, valueOfKey } from '../options/selectData.ts';
import { useFieldOptions } from '../options/useFieldOptions.ts';
import { SELECT_CHANGE_DELAY_MS, useDelayedChange } from '../useDelayedChange.ts';

export function SelectInput(props: FieldWidgetProps & { searchable: boolean }) {
  const { field, values, searchable } = props;
  const { options, loading } = useFieldOptions(field.spec, values);
  const [shown, change] = useDelayedChange(props.value, props.onChange, SELECT_CHANGE_DELAY_MS);
  return (
    <Select
      {...baseInputProps(props)}
      data={selectItems(options, [shown])}
      value={optionKey(shown) || null}
      searchable={searchable}
      // Any editable select can be emptied, as a text box can; a required one then says so on save.
      clearable={!props.readOnly}
      // Mantine hides its clear button from assistive technology; ours is named and reachable.
      clearButtonProps={{ 'aria-label': `Clear ${field.label}`, 'aria-hidden': false }}
      maxDropdownHeight={SELECT_MAX_HEIGHT_PX}
      nothingFoundMessage={loading ? 'Loading…' : 'Nothing found'}
      comboboxProps={{ withinPortal: true }}
      onChange={(key) => change(valueOfKey(options, key))}
    />
  );
}
