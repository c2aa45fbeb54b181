/**
 * The value part of one filter condition, by the column's filter kind: a text box, a number box, a
 * date box (two for `between`), one box of comma-separated values ("is any of" on a text or number
 * column), Yes/No, or a multi-select of the column's options. Dropdowns stay
 * inside the column menu so picking an option does not count as a click outside it, and Escape in an
 * open value list closes only that list. A number box takes only a number (digits, one minus sign
 * in front, one decimal point); a date box takes the product's YYYY-MM-DD, never the browser's locale
 * format, and says so when what is typed is not a date.
 */
import type { ColumnFilter } from '@bm/contracts';
import { Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import type { OptionItem } from './describeCondition.ts';
import {
  type FilterKind,
  LIST_OPERATORS,
  listOfCondition,
  listText,
  NO_VALUE_OPERATORS,
} from './filterTypes.ts';

interface ConditionValueInputProps {
  kind: FilterKind;
  condition: ColumnFilter;
  label: string;
  options: readonly OptionItem[];
  optionsLoading: boolean;
  onChange: (value: unknown) => void;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** What a number box keeps of typed or pasted text: digits, a leading minus, one decimal point. */
export function numberText(raw: string): string {
  const negative = raw.trimStart().startsWith('-');
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  const fraction = rest.length > 0 ? `.${rest.join('')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** What a box of comma-separated numbers keeps: digits, minus signs, decimal points, commas, spaces. */
export const numberListText = (raw: string): string => raw.replace(/[^\d.,\s-]/g, '');

/** What a date box keeps: digits and dashes, at most YYYY-MM-DD. */
export const dateText = (raw: string): string => raw.replace(/[^\d-]/g, '').slice(0, 10);

/** The problem with a typed date, or undefined when it is empty or a real YYYY-MM-DD date. */
export function dateProblem(text: string): string | undefined {
  if (text === '') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return 'Use YYYY-MM-DD';
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? undefined
    : 'Not a date';
}

export function ConditionValueInput({
  kind,
  condition,
  label,
  options,
  optionsLoading,
  onChange,
}: ConditionValueInputProps) {
  const [listOpen, setListOpen] = useState(false);
  if (NO_VALUE_OPERATORS.includes(condition.operator)) return null;
  const inputMode = kind === 'number' ? 'decimal' : kind === 'date' ? 'numeric' : undefined;
  const placeholderOf = (fallback: string) => (kind === 'date' ? 'YYYY-MM-DD' : fallback);
  const clean = (raw: string): string =>
    kind === 'number' ? numberText(raw) : kind === 'date' ? dateText(raw) : raw;
  const problem = (text: string) => (kind === 'date' ? dateProblem(text) : undefined);
  // Escape in an open value list closes the list, not the column menu around it.
  const keepEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && listOpen) event.stopPropagation();
  };

  if (condition.operator === 'between') {
    const [from = '', to = ''] = str(condition.value).split(',');
    return (
      <Group gap={6} grow wrap="nowrap">
        <TextInput
          size="xs"
          inputMode={inputMode}
          aria-label={`${label} from`}
          placeholder={placeholderOf('From')}
          value={from}
          error={problem(from)}
          onChange={(e) => onChange(`${clean(e.currentTarget.value)},${to}`)}
        />
        <TextInput
          size="xs"
          inputMode={inputMode}
          aria-label={`${label} to`}
          placeholder={placeholderOf('To')}
          value={to}
          error={problem(to)}
          onChange={(e) => onChange(`${from},${clean(e.currentTarget.value)}`)}
        />
      </Group>
    );
  }
  // "Is any of" / "is none of" on a text or number column: the values in one box, comma-separated
  // (a select column picks them from its options below).
  if (LIST_OPERATORS.includes(condition.operator) && (kind === 'text' || kind === 'number')) {
    return (
      <TextInput
        size="xs"
        inputMode={kind === 'number' ? 'decimal' : undefined}
        aria-label={`${label} value`}
        placeholder="Values, comma-separated"
        value={listText(listOfCondition(condition))}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          onChange(kind === 'number' ? numberListText(raw) : raw);
        }}
      />
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
        onDropdownOpen={() => setListOpen(true)}
        onDropdownClose={() => setListOpen(false)}
        onKeyDown={keepEscape}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      inputMode={inputMode}
      aria-label={`${label} value`}
      placeholder={placeholderOf('Value')}
      value={str(condition.value)}
      error={problem(str(condition.value))}
      onChange={(e) => onChange(clean(e.currentTarget.value))}
    />
  );
}
