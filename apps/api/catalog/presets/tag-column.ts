/**
 * A status-like list column: a combobox whose filter options and coloured tags come from one map
 * of value → {color, label}, so the two can never disagree.
 */
import type { ColumnDefinition } from '@bm/contracts';

export type Tags = Record<string, { color: string; label: string }>;

export const PUBLISH_STATUS: Tags = {
  draft: { color: 'gray', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
};

export function tagColumn(mapKey: string, column: string, tags: Tags): ColumnDefinition {
  return {
    key: mapKey,
    mapKey,
    column,
    type: 'combobox',
    visible: true,
    filterable: true,
    inputProps: { options: Object.entries(tags).map(([value, tag]) => ({ value, label: tag.label })) },
    tags,
  };
}
