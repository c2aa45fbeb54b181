/** One editable condition of a column filter: conjunction (from the second on), operator, value, remove. */
import type { ColumnFilter, FilterOperation } from '@bm/contracts';
import { ActionIcon, Group, NativeSelect, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConditionValueInput } from './ConditionValueInput.tsx';
import type { OptionItem } from './describeCondition.ts';
import {
  DATE_OPERATOR_LABELS,
  type FilterKind,
  OPERATOR_LABELS,
  OPERATORS_BY_KIND,
  valueShapeOf,
} from './filterTypes.ts';

interface ConditionRowProps {
  index: number;
  kind: FilterKind;
  condition: ColumnFilter;
  options: readonly OptionItem[];
  optionsLoading: boolean;
  onChange: (next: ColumnFilter) => void;
  onRemove: () => void;
}

const operatorLabel = (kind: FilterKind, op: FilterOperation): string =>
  (kind === 'date' ? DATE_OPERATOR_LABELS[op] : undefined) ?? OPERATOR_LABELS[op];

/**
 * The operators offered for a condition: its kind's, and the condition's own when the kind does not
 * offer it (a condition from the address or a preset), so that opening it shows what it is instead
 * of another operator.
 */
export function operatorsFor(kind: FilterKind, current: string): FilterOperation[] {
  const offered = [...OPERATORS_BY_KIND[kind]];
  const own = Object.hasOwn(OPERATOR_LABELS, current) ? (current as FilterOperation) : undefined;
  return own && !offered.includes(own) ? [...offered, own] : offered;
}

/**
 * Whether a condition keeps its value when its operator changes: when the value has the same shape
 * for both (one value, a list, a range), and one value going to a list (a list of one).
 */
export function keepsValueFor(from: string, to: string): boolean {
  const before = valueShapeOf(from);
  const after = valueShapeOf(to);
  return before === after || (before === 'one' && after === 'list');
}

export function ConditionRow({
  index,
  kind,
  condition,
  options,
  optionsLoading,
  onChange,
  onRemove,
}: ConditionRowProps) {
  const label = `Condition ${index + 1}`;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        {index > 0 && (
          <NativeSelect
            size="xs"
            w={72}
            aria-label={`${label} conjunction`}
            value={condition.conjunction}
            data={[
              { value: 'and', label: 'and' },
              { value: 'or', label: 'or' },
            ]}
            onChange={(e) =>
              onChange({ ...condition, conjunction: e.currentTarget.value === 'or' ? 'or' : 'and' })
            }
          />
        )}
        <NativeSelect
          size="xs"
          style={{ flex: 1 }}
          aria-label={`${label} operator`}
          value={condition.operator}
          data={operatorsFor(kind, condition.operator).map((op) => ({
            value: op,
            label: operatorLabel(kind, op),
          }))}
          onChange={(e) => {
            const operator = e.currentTarget.value;
            const keepsValue = keepsValueFor(condition.operator, operator);
            onChange({ ...condition, operator, value: keepsValue ? condition.value : undefined });
          }}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Remove ${label.toLowerCase()}`}
          onClick={onRemove}
        >
          <IconTrash size={14} aria-hidden />
        </ActionIcon>
      </Group>
      <ConditionValueInput
        kind={kind}
        condition={condition}
        label={label}
        options={options}
        optionsLoading={optionsLoading}
        onChange={(value) => onChange({ ...condition, value })}
      />
    </Stack>
  );
}
