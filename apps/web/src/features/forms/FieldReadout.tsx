/**
 * One field on the detail view: its label and its value as the widget's view shows it (text by
 * default; HTML only sanitised; code always as text).
 */
import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormField } from '../../fields/formField.ts';
import { asText } from '../../fields/inputProps.ts';

/** `to`: the field names another area's record, and its value links to that record's view. */
export function FieldReadout({
  field,
  value,
  to,
}: {
  field: FormField;
  value: unknown;
  to?: string | undefined;
}) {
  const { View } = fieldWidget(field.type);
  if (field.type === 'spacer') return <div aria-hidden="true" />;
  const labelId = `view-${field.mapKey}`;
  return (
    <Box component="dl" m={0} data-field={field.mapKey}>
      <Text component="dt" size="sm" fw={500} c="dimmed" id={labelId}>
        {field.label}
      </Text>
      <Box component="dd" m={0} mt={2} aria-labelledby={labelId} style={{ overflowWrap: 'anywhere' }}>
        {to ? (
          <Anchor component={Link} to={to} size="sm">
            {View ? <View field={field} value={value} /> : asText(value) || to}
          </Anchor>
        ) : View ? (
          <View field={field} value={value} />
        ) : (
          <Text size="sm">{asText(value) || '—'}</Text>
        )}
      </Box>
    </Box>
  );
}
