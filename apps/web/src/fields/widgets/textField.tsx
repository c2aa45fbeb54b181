/** text: a one-line input, or a resizable text area when the spec's itemType is 'textarea'. */
import { Textarea, TextInput } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';

function TextFieldInput(props: FieldWidgetProps) {
  const { field, value, onChange, prefix } = props;
  const common = { ...baseInputProps(props), value: asText(value), maxLength: field.maxLength };
  if (field.spec.itemType === 'textarea') {
    return (
      <Textarea {...common} rows={4} resize="vertical" onChange={(e) => onChange(e.currentTarget.value)} />
    );
  }
  return (
    <TextInput
      {...common}
      leftSection={prefix || undefined}
      leftSectionWidth={prefix ? Math.max(36, prefix.length * 8 + 12) : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export const textField = defineField({ type: 'text', Component: TextFieldInput, textual: true });
