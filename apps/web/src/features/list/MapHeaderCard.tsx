/**
 * The record a map list is of, above its grid: the header's fields as label and value; a field with
 * tags (the mapping state) shows its tag's word, the one wording every screen uses.
 */
import type { MapHeader, Row } from '@bm/contracts';
import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

type HeaderField = MapHeader['fields'][number];

function FieldValue({ field, value }: { field: HeaderField; value: unknown }) {
  const tag =
    typeof value === 'string' && field.tags && Object.hasOwn(field.tags, value)
      ? field.tags[value]
      : undefined;
  if (tag)
    return (
      <Badge color={tag.color} variant="light" data-field={field.key}>
        {tag.label}
      </Badge>
    );
  return (
    <Text size="sm" fw={500} data-field={field.key}>
      {shown(value)}
    </Text>
  );
}

export function MapHeaderCard({ header, record }: { header: MapHeader; record: Row }) {
  return (
    <Paper withBorder p="sm" mb="sm" aria-label="Record being mapped" component="section">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing={4}>
        {header.fields.map((f) => (
          <div key={f.key}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <FieldValue field={f} value={record[f.key]} />
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
