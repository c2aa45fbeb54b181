/**
 * tableview: a list of records (a JSON array of objects, or its text) shown as a table, never
 * edited, e.g. a record's history of changes. `inputProps.columns` names the columns:
 * `[{ key, label, type? }]` (`datetime` cells show as dates).
 */
import { Input, Table, Text } from '@mantine/core';
import { formatDateTime } from '../dates/dateValues.ts';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';
import type { FormField } from '../formField.ts';

interface TableColumn {
  key: string;
  label: string;
  type?: string;
}

export function tableRows(value: unknown): Record<string, unknown>[] {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed)
    ? parsed.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
}

function columnsOf(field: FormField, rows: readonly Record<string, unknown>[]): TableColumn[] {
  const declared = field.spec.inputProps?.columns;
  if (Array.isArray(declared))
    return declared.filter(
      (c): c is TableColumn => typeof c === 'object' && c !== null && typeof c.key === 'string',
    );
  return Object.keys(rows[0] ?? {}).map((key) => ({ key, label: key }));
}

const cell = (value: unknown, type: string | undefined): string => {
  if (value === null || value === undefined) return '';
  if (type === 'datetime') return formatDateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

function RecordTable({ field, value }: FieldViewProps) {
  const rows = tableRows(value);
  const columns = columnsOf(field, rows);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480} mah={320}>
      <Table striped withTableBorder fz="sm" aria-label={field.label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // The rows have no key of their own and never reorder while shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{cell(row[c.key], c.type)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const TableViewInput = ({ field, value, error }: FieldWidgetProps) => (
  <Input.Wrapper label={field.label} error={error}>
    <RecordTable field={field} value={value} />
  </Input.Wrapper>
);

export const tableviewField = defineField({
  type: 'tableview',
  Component: TableViewInput,
  View: RecordTable,
  textual: false,
  wide: true,
});
