/**
 * One data cell's content: text by type (formatCell), tags as coloured badges, cut text with its
 * whole in a tooltip. Most cells are plain text, which the row writes straight into its `<td>`
 * (plainCell); GridCell draws the others.
 */
import type { ColumnDefinition } from '@bm/contracts';
import { Badge, type MantineTheme, Tooltip, useMantineTheme } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import { formatCell } from './formatCell.ts';

/**
 * A cell that is plain text: its text and its title (the whole text of a text or link column, for
 * a cell too narrow to show it), written straight into the row's `<td>` with no element or
 * component of its own: a page of rows is mostly such cells, and each element and component is a
 * share of every sort, page change and scroll frame. Undefined for a tag or cut text (GridCell).
 */
export function plainCell(
  column: ColumnDefinition,
  value: unknown,
): { text: string; title: string | undefined } | undefined {
  if (tagOf(column, value)) return undefined;
  const { text, full } = formatCell(column, value);
  return full === undefined ? { text, title: titleOf(column, text) } : undefined;
}

/** The column's tag for this value, if it has one. */
function tagOf(column: ColumnDefinition, value: unknown) {
  const key = value === null || value === undefined ? '' : String(value);
  return column.tags && Object.hasOwn(column.tags, key) ? column.tags[key] : undefined;
}

/** A text or link cell's whole text as its title, for a cell too narrow to show it. */
const titleOf = (column: ColumnDefinition, text: string): string | undefined =>
  text !== '' && (column.type === 'text' || column.type === 'link') ? text : undefined;

/** Memoised: rows are kept by place, so on another page or sort a cell whose value stays skips rendering. */
export const GridCell = memo(function GridCell({
  column,
  value,
}: {
  column: ColumnDefinition;
  value: unknown;
}) {
  const theme = useMantineTheme();
  const tag = tagOf(column, value);
  if (tag) return <TagBadge theme={theme} color={tag.color} label={tag.label} />;
  const { text, full } = formatCell(column, value);
  if (full !== undefined) {
    return (
      <Tooltip label={full} multiline w={420} openDelay={300} withinPortal>
        <span>{text}</span>
      </Tooltip>
    );
  }
  return <span title={titleOf(column, text)}>{text}</span>;
});

const BADGE_PROPS = { size: 'sm', variant: 'light', radius: 'sm' } as const;
/** Mantine's own badge variables per theme and colour, worked out once (see TagBadge). */
const badgeVars = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

function tagStyle(theme: MantineTheme, color: string): CSSProperties {
  let byColor = badgeVars.get(theme);
  if (!byColor) {
    byColor = new Map();
    badgeVars.set(theme, byColor);
  }
  let style = byColor.get(color);
  if (!style) {
    const vars = Badge.varsResolver(theme, { ...BADGE_PROPS, color }, {}).root;
    style = { ...(vars as CSSProperties), textTransform: 'none' };
    byColor.set(color, style);
  }
  return style;
}

/**
 * A tag exactly as `<Badge size="sm" variant="light" radius="sm" tt="none">` draws it (Mantine's
 * classes and its variables for the colour), as two plain elements: a list shows one per row and
 * column, and the component's style resolution per badge was a visible share of a page's render.
 */
function TagBadge({ theme, color, label }: { theme: MantineTheme; color: string; label: string }) {
  return (
    <div
      className={`${Badge.classes.root} mantine-Badge-root`}
      data-variant={BADGE_PROPS.variant}
      data-size={BADGE_PROPS.size}
      style={tagStyle(theme, color)}
    >
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{label}</span>
    </div>
  );
}
