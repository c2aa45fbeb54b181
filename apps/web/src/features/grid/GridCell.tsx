/** One data cell: text by type (formatCell), tags as coloured badges, cut text with its whole in a tooltip. */
import type { ColumnDefinition } from '@bm/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { formatCell } from './formatCell.ts';

/** Memoised: rows are kept by place, so on another page or sort a cell whose value stays skips rendering. */
export const GridCell = memo(function GridCell({
  column,
  value,
}: {
  column: ColumnDefinition;
  value: unknown;
}) {
  const key = value === null || value === undefined ? '' : String(value);
  const tag = column.tags && Object.hasOwn(column.tags, key) ? column.tags[key] : undefined;
  if (tag) {
    return (
      <Badge size="sm" variant="light" color={tag.color} radius="sm" tt="none">
        {tag.label}
      </Badge>
    );
  }
  const { text, full } = formatCell(column, value);
  if (full !== undefined) {
    return (
      <Tooltip label={full} multiline w={420} openDelay={300} withinPortal>
        <span>{text}</span>
      </Tooltip>
    );
  }
  return <span title={column.type === 'text' || column.type === 'link' ? text : undefined}>{text}</span>;
});
