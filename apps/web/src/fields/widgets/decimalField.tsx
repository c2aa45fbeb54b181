/** decimal: a number input that takes a fraction; `inputProps.decimalScale` limits its places. */
import { NumberInput } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { baseInputProps } from '../inputProps.ts';

export function toDecimal(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function DecimalFieldInput(props: FieldWidgetProps) {
  const scale = props.field.spec.inputProps?.decimalScale;
  return (
    <NumberInput
      {...baseInputProps(props)}
      value={typeof props.value === 'number' ? props.value : ''}
      decimalScale={typeof scale === 'number' ? scale : undefined}
      hideControls
      onChange={(next) => props.onChange(toDecimal(next))}
    />
  );
}

export const decimalField = defineField({
  type: 'decimal',
  Component: DecimalFieldInput,
  textual: false,
  fromRecord: toDecimal,
  fromQuery: toDecimal,
});
