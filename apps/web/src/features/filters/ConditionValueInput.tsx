/**
 * The value part of one filter condition, by the column's filter kind: a text box, a number box, a
 * date box (two for `between`), Yes/No, or a multi-select of the column's options. Dropdowns stay
 * inside the column menu so picking an option does not count as a click outside it.
 */
import type { ColumnFilter } from '@bm/contracts';
import { Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import type { OptionItem } from './describeCondition.ts';
import { type FilterKind, NO_VALUE_OPERATORS } from './filterTypes.ts';

interface ConditionValueInputProps {
  kind: FilterKind;
  condition: ColumnFilter;
  label: string;
  options: readonly OptionItem[];
  optionsLoading: boolean;
  onChange: (value: unknown) => void;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function ConditionValueInput({
  kind,
  condition,
  label,
  options,
  optionsLoading,
  onChange,
}: ConditionValueInputProps) {
  if (NO_VALUE_OPERATORS.includes(condition.operator)) return null;
  const inputType = kind === 'date' ? 'date' : 'text';
  const inputMode = kind === 'number' ? 'decimal' : undefined;

  if (condition.operator === 'between') {
    const [from = '', to = ''] = str(condition.value).split(',');
    return (
      <Group gap={6} grow wrap="nowrap">
        <TextInput
          size="xs"
          type={inputType}
          inputMode={inputMode}
          aria-label={`${label} from`}
          placeholder="From"
          value={from}
          onChange={(e) => onChange(`${e.currentTarget.value},${to}`)}
        />
        <TextInput
          size="xs"
          type={inputType}
          inputMode={inputMode}
          aria-label={`${label} to`}
          placeholder="To"
          value={to}
          onChange={(e) => onChange(`${from},${e.currentTarget.value}`)}
        />
      </Group>
    );
  }
  if (kind === 'boolean') {
    return (
      <NativeSelect
        size="xs"
        aria-label={`${label} value`}
        value={str(condition.value) || 'true'}
        data={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  if (kind === 'select') {
    const value = Array.isArray(condition.value) ? condition.value.map(str) : [];
    return (
      <MultiSelect
        size="xs"
        aria-label={`${label} value`}
        placeholder={optionsLoading ? 'Loading…' : 'Choose values'}
        data={[...options]}
        value={value}
        onChange={onChange}
        searchable
        clearable
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      type={inputType}
      inputMode={inputMode}
      aria-label={`${label} value`}
      placeholder="Value"
      value={str(condition.value)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
