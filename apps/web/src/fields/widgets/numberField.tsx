/**
 * number: whole numbers typed with the keys `isAllowedNumberKey` lets through; the change reaches
 * the form 1 s after the last keystroke, or at once when the form saves.
 */
import { TextInput } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import { NUMBER_CHANGE_DELAY_MS, useDelayedChange } from '../useDelayedChange.ts';
import { digitsOnly, isAllowedNumberKey } from './numberKeys.ts';

export function toWholeNumber(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  return Number.isFinite(n) ? n : null;
}

function NumberFieldInput(props: FieldWidgetProps) {
  const [shown, change] = useDelayedChange(
    asText(props.value),
    (text: string) => props.onChange(toWholeNumber(text)),
    NUMBER_CHANGE_DELAY_MS,
  );
  return (
    <TextInput
      {...baseInputProps(props)}
      inputMode="numeric"
      value={shown}
      maxLength={props.field.maxLength}
      onKeyDown={(e) => {
        if (!isAllowedNumberKey(e)) e.preventDefault();
      }}
      onChange={(e) => change(digitsOnly(e.currentTarget.value))}
    />
  );
}

export const numberField = defineField({
  type: 'number',
  Component: NumberFieldInput,
  textual: false,
  fromRecord: toWholeNumber,
  fromQuery: toWholeNumber,
});
