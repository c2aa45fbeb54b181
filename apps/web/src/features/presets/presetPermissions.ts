/**
 * What the user may do with the chosen view, decided before they try: the built-in default view and
 * the working view are never saved over, renamed or deleted, a personal view always may be, and a
 * shared view by the flags of its group — or by the person who saved it (`savedByYou`), whatever
 * the flags say. A disabled button carries the reason, so nothing is offered only to be
 * refused (the server still checks every call).
 */
import { PERSONAL_PRESET_GROUP, type Preset, type PresetGroup } from '@bm/contracts';
import { isDefaultPreset, isStatePreset } from './presetKinds.ts';
import { PRESET_MESSAGES } from './presetMessages.ts';

export type Permission = { allowed: true } | { allowed: false; reason: string };

export interface PresetPermissions {
  save: Permission;
  /** Renaming goes with saving: the same people may do it. */
  rename: Permission;
  remove: Permission;
  /** A new view can be saved: the personal group, or a group the user may write to. */
  create: boolean;
}

const ALLOWED: Permission = { allowed: true };
const refused = (reason: string): Permission => ({ allowed: false, reason });

export const SAVE_AS_NEW = 'Save as new view';

export function presetPermissions(
  active: Preset,
  groups: readonly PresetGroup[],
  all: readonly Preset[],
): PresetPermissions {
  const create = groups.length === 0 || groups.some((g) => g.name === PERSONAL_PRESET_GROUP || g.write);
  if (isDefaultPreset(active))
    return {
      save: refused(`The built-in default view can't be changed: use “${SAVE_AS_NEW}”.`),
      rename: refused("The built-in default view can't be renamed."),
      remove: refused("The built-in default view can't be deleted."),
      create,
    };
  if (isStatePreset(active))
    return {
      save: refused(`These are your unsaved changes: use “${SAVE_AS_NEW}” to keep them.`),
      rename: refused('Your unsaved changes are not a view of their own: choose a view to rename.'),
      remove: refused('Your unsaved changes are not a view of their own: choose a view to delete.'),
      create,
    };
  const named = all.filter((p) => !isStatePreset(p));
  const lastOne = named.length <= 1 ? refused(PRESET_MESSAGES.lastPreset) : undefined;
  if (active.presetGroup.name === PERSONAL_PRESET_GROUP || active.savedByYou === true)
    return { save: ALLOWED, rename: ALLOWED, remove: lastOne ?? ALLOWED, create };
  const group = groups.find((g) => g.id === active.presetGroupId);
  const groupName = active.presetGroup.name;
  const edit = group?.edit ? ALLOWED : refused(`You may not change views in the group “${groupName}”.`);
  return {
    save: edit,
    rename: edit,
    remove:
      lastOne ?? (group?.delete ? ALLOWED : refused(`You may not delete views in the group “${groupName}”.`)),
    create,
  };
}

/** The picker's text: the view's name, or "name (modified)" once the grid differs from it. */
export function viewTitle(active: Preset, modified: boolean, all: readonly Preset[]): string {
  if (isStatePreset(active)) {
    const base = all.find((p) => p.id === active.parentId && !isStatePreset(p));
    return `${base?.name ?? 'default'} (modified)`;
  }
  return modified ? `${active.name} (modified)` : active.name;
}
