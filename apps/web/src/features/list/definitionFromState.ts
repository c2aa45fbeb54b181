/**
 * The definition a preset is saved with (state preset, Save, Create): the in-use definition with the
 * grid's visibility, sort, filters, page size and paging written into it, and the columns in the
 * user's order with their widths and pins. Query-string switches are never saved: they belong to the
 * address, not to the preset.
 */
import type { PresetDefinition } from '@bm/contracts';
import { arrangedColumns } from '../grid/columnLayout.ts';
import type { ListState } from './listState.ts';

export function definitionFromState(base: PresetDefinition, state: ListState): PresetDefinition {
  return {
    ...base,
    settings: { ...base.settings, pageItems: state.pageSize, paging: state.paging, filters: state.filters },
    definition: arrangedColumns(base.definition, state.order, state.pinned).map((column) => {
      const { filter: _dropped, width: _width, pinned: _pinned, ...rest } = column;
      const sort = state.sort.find((s) => s.key === column.key)?.direction ?? '';
      const width = state.widths[column.key];
      return {
        ...rest,
        visible: state.visibility[column.key] ?? column.visible,
        sort,
        ...(width === undefined ? {} : { width }),
        ...(state.pinned.includes(column.key) ? { pinned: true } : {}),
      };
    }),
  };
}
