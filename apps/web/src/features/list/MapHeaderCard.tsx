/** The record a map list is of, above its grid: the header's fields as label and value. */
import type { MapHeader, Row } from '@bm/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

export function MapHeaderCard({ header, record }: { header: MapHeader; record: Row }) {
  return (
    <Paper withBorder p="sm" mb="sm" aria-label="Record being mapped" component="section">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing={4}>
        {header.fields.map((f) => (
          <div key={f.key}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text size="sm" fw={500} data-field={f.key}>
              {shown(record[f.key])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
