/** One editable condition of a column filter: conjunction (from the second on), operator, value, remove. */
import type { ColumnFilter, FilterOperation } from '@bm/contracts';
import { ActionIcon, Group, NativeSelect, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConditionValueInput } from './ConditionValueInput.tsx';
import type { OptionItem } from './describeCondition.ts';
import { DATE_OPERATOR_LABELS, type FilterKind, OPERATOR_LABELS, OPERATORS_BY_KIND } from './filterTypes.ts';

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
          data={OPERATORS_BY_KIND[kind].map((op) => ({ value: op, label: operatorLabel(kind, op) }))}
          onChange={(e) => {
            const operator = e.currentTarget.value;
            const keepsValue = (operator === 'between') === (condition.operator === 'between');
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
