/** boolean: a check box; read-only boxes keep their look and ignore clicks. */
import { Checkbox } from '@mantine/core';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';

const TRUE_TEXT = ['true', '1', 'yes', 'on'];

export const toBoolean = (raw: unknown): boolean | null => {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'boolean') return raw;
  return TRUE_TEXT.includes(String(raw).toLowerCase());
};

function BooleanFieldInput({ field, value, onChange, error, readOnly }: FieldWidgetProps) {
  return (
    <Checkbox
      mt="lg"
      label={field.label}
      name={field.mapKey}
      checked={value === true}
      error={error}
      required={field.required}
      readOnly={readOnly}
      aria-readonly={readOnly || undefined}
      onChange={(e) => {
        if (!readOnly) onChange(e.currentTarget.checked);
      }}
    />
  );
}

function BooleanView({ value }: FieldViewProps) {
  return <>{value === true ? 'Yes' : value === false ? 'No' : ''}</>;
}

export const booleanField = defineField({
  type: 'boolean',
  Component: BooleanFieldInput,
  View: BooleanView,
  textual: false,
  emptyValue: false,
  fromRecord: toBoolean,
  fromQuery: toBoolean,
});
