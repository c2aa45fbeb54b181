/**
 * A list's effective settings: the preset's settings with the
 * query-string switches the address named merged over them — the query string wins.
 */
import type { PresetSettings } from '@bm/contracts';
import { normalisePageSize } from '../grid/pagingState.ts';
import type { ExplicitSwitches } from '../switches/querySwitches.ts';

export interface ListSettings {
  hideColumnToggle: boolean;
  hideActions: boolean;
  hideFilters: boolean;
  hidePresets: boolean;
  hideExport: boolean;
  ignoreState: boolean;
  compactView: boolean;
  paging: boolean;
  pageItems: number;
  frozenField: string | undefined;
  bulkEdit: boolean;
  /** Reload the rows every this many seconds while the tab is visible; undefined: never. */
  refreshSeconds: number | undefined;
}

export function resolveListSettings(settings: PresetSettings, explicit: ExplicitSwitches): ListSettings {
  return {
    hideColumnToggle: explicit.hidecolumntoggle ?? settings.hideColumnToggle ?? false,
    hideActions: explicit.hideactions ?? settings.hideActions ?? false,
    hideFilters: explicit.hidefilters ?? settings.hideFilters ?? false,
    hidePresets: explicit.hidepresets ?? settings.hidePresets ?? false,
    hideExport: explicit.hideexport ?? settings.hideExport ?? false,
    ignoreState: explicit.ignorestate ?? settings.ignoreState ?? false,
    compactView: explicit.compactview ?? settings.compactView ?? false,
    paging: explicit.paging ?? (settings.disablePaging === true ? false : (settings.paging ?? true)),
    pageItems: normalisePageSize(explicit.pageitems ?? settings.pageItems),
    frozenField: settings.frozenField || undefined,
    bulkEdit: settings.bulkEdit ?? false,
    refreshSeconds: settings.refreshSeconds,
  };
}
