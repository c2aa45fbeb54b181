/**
 * The definition a preset is saved with (state preset, Save, Create): the in-use definition with the
 * grid's visibility, sort, filters, page size and paging written into it. Query-string switches are
 * never saved: they belong to the address, not to the preset.
 */
import type { PresetDefinition } from '@bm/contracts';
import type { ListState } from './listState.ts';

export function definitionFromState(base: PresetDefinition, state: ListState): PresetDefinition {
  return {
    ...base,
    settings: { ...base.settings, pageItems: state.pageSize, paging: state.paging, filters: state.filters },
    definition: base.definition.map((column) => {
      const { filter: _dropped, ...rest } = column;
      const sort = state.sort.find((s) => s.key === column.key)?.direction ?? '';
      return { ...rest, visible: state.visibility[column.key] ?? column.visible, sort };
    }),
  };
}
