/**
 * The filter dialog of one column: its conditions to add, edit and remove
 * with and/or, then Apply (also Enter in any input) or Clear, which empties the conditions and
 * applies. Either one closes the dialog and the column menu (the caller's `onDone`).
 */
import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { toWireCondition } from './buildCriteria.ts';
import { ConditionRow } from './ConditionRow.tsx';
import {
  defaultOperator,
  type FilterKind,
  filterKindOf,
  LIST_OPERATORS,
  listOfCondition,
  listValues,
} from './filterTypes.ts';
import { useColumnOptions } from './useColumnOptions.ts';

interface ColumnFilterEditorProps {
  column: ColumnDefinition;
  conditions: readonly ColumnFilter[];
  onApply: (conditions: ColumnFilter[]) => void;
}

const MAX_CONDITIONS = 10;

/**
 * A condition as applied: a list typed into a text or number column's box ("1, 2, 3") becomes the
 * list of its values, as the address and the chip hold it; anything else is kept as it is.
 */
export function appliedCondition(kind: FilterKind, condition: ColumnFilter): ColumnFilter {
  if (!LIST_OPERATORS.includes(condition.operator) || (kind !== 'text' && kind !== 'number'))
    return condition;
  const { lists: _lists, ...rest } = condition;
  return { ...rest, value: listValues(listOfCondition(condition), kind) };
}

export function ColumnFilterEditor({ column, conditions, onApply }: ColumnFilterEditorProps) {
  const kind = filterKindOf(column.type);
  const blank = (): ColumnFilter => ({
    conjunction: 'and',
    operator: defaultOperator(column.type),
    ...(kind === 'boolean' ? { value: 'true' } : {}),
  });
  const [drafts, setDrafts] = useState<ColumnFilter[]>(() =>
    conditions.length > 0 ? [...conditions] : [blank()],
  );
  const { options, loading } = useColumnOptions(column, true);

  const update = (index: number, next: ColumnFilter) =>
    setDrafts((list) => list.map((c, i) => (i === index ? next : c)));
  const remove = (index: number) => setDrafts((list) => list.filter((_, i) => i !== index));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only complete conditions are kept; the first one's conjunction has no meaning.
    onApply(
      drafts
        .map((c) => appliedCondition(kind, c))
        .filter((c) => toWireCondition(column, c) !== undefined)
        .map((c, i) => (i === 0 ? { ...c, conjunction: 'and' } : c)),
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Filter ${column.column}`}>
      <Stack gap="xs">
        {drafts.map((condition, index) => (
          <ConditionRow
            // Conditions have no identity of their own; the position is theirs while the dialog is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            index={index}
            kind={kind}
            condition={condition}
            options={options}
            optionsLoading={loading}
            onChange={(next) => update(index, next)}
            onRemove={() => remove(index)}
          />
        ))}
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconPlus size={12} aria-hidden />}
          onClick={() => setDrafts((list) => [...list, blank()])}
          disabled={drafts.length >= MAX_CONDITIONS}
          style={{ alignSelf: 'flex-start' }}
        >
          Add condition
        </Button>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={() => onApply([])}>
            Clear
          </Button>
          <Button size="xs" type="submit">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
