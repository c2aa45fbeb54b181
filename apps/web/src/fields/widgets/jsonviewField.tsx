/** jsonview: a JSON value shown formatted, as text, never edited in place. */
import { Code, Input } from '@mantine/core';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';

export function formatJson(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

function JsonViewInput({ field, value, error }: FieldWidgetProps) {
  const id = `field-${field.mapKey}`;
  return (
    <Input.Wrapper label={field.label} error={error} id={id}>
      <Code block aria-labelledby={`${id}-label`} mah={300} style={{ overflow: 'auto' }}>
        {formatJson(value)}
      </Code>
    </Input.Wrapper>
  );
}

const JsonView = ({ value }: FieldViewProps) => (
  <Code block mah={300} style={{ overflow: 'auto' }}>
    {formatJson(value)}
  </Code>
);

export const jsonviewField = defineField({
  type: 'jsonview',
  Component: JsonViewInput,
  View: JsonView,
  textual: true,
  wide: true,
});
