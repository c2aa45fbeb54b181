import type { Preset, PresetGroup } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { presetPermissions, viewTitle } from './presetPermissions.ts';

const preset = (
  id: number,
  name: string,
  group: [number, string],
  parentId: number | null = null,
): Preset => ({
  id,
  name,
  rightName: 'BMTools/Page/List',
  presetGroupId: group[0],
  presetGroup: { id: group[0], name: group[1] },
  isInUse: false,
  latestVersion: true,
  version: 1,
  parentId,
  totalItemCount: null,
  definition: '{}',
});
const flags = (id: number, name: string, on: Partial<PresetGroup> = {}): PresetGroup => ({
  id,
  name,
  read: true,
  write: false,
  edit: false,
  delete: false,
  ...on,
});

const builtIn = preset(1, 'default', [1, 'default']);
const working = preset(2, 'state', [1, 'default'], 1);
const mine = preset(3, 'Mine', [2, 'personal']);
const team = preset(4, 'Team view', [3, 'Team']);
const all = [builtIn, working, mine, team];
const viewerGroups = [flags(2, 'personal', { write: true, edit: true, delete: true }), flags(3, 'Team')];

describe('presetPermissions', () => {
  it('never offers to save over or delete the built-in default or the working view', () => {
    for (const active of [builtIn, working]) {
      const p = presetPermissions(active, viewerGroups, all);
      expect(p.save.allowed).toBe(false);
      expect(p.remove.allowed).toBe(false);
      expect(p.create).toBe(true);
    }
    const p = presetPermissions(builtIn, viewerGroups, all);
    expect(p.save).toEqual({
      allowed: false,
      reason: "The built-in default view can't be changed: use “Save as new view”.",
    });
  });

  it('allows a personal view, and a shared one by its group’s flags', () => {
    expect(presetPermissions(mine, viewerGroups, all)).toEqual({
      save: { allowed: true },
      rename: { allowed: true },
      remove: { allowed: true },
      create: true,
    });
    const viewer = presetPermissions(team, viewerGroups, all);
    expect(viewer.save).toEqual({ allowed: false, reason: 'You may not change views in the group “Team”.' });
    expect(viewer.remove).toEqual({
      allowed: false,
      reason: 'You may not delete views in the group “Team”.',
    });
    const editor = presetPermissions(team, [flags(3, 'Team', { edit: true, delete: true })], all);
    expect(editor.save.allowed && editor.remove.allowed).toBe(true);
    expect(viewer.rename.allowed).toBe(false);
  });

  it('lets the person who saved a shared view rename, save and delete it, whatever the group’s flags', () => {
    const saved = presetPermissions({ ...team, savedByYou: true }, viewerGroups, all);
    expect(saved.save.allowed && saved.rename.allowed && saved.remove.allowed).toBe(true);
  });

  it('refuses to delete the last view with the product’s message', () => {
    expect(presetPermissions(mine, viewerGroups, [mine, working]).remove).toEqual({
      allowed: false,
      reason: 'You can not detele the last preset',
    });
  });
});

describe('viewTitle', () => {
  it('names the view, and "(modified)" once the grid differs, never "state"', () => {
    expect(viewTitle(builtIn, false, all)).toBe('default');
    expect(viewTitle(builtIn, true, all)).toBe('default (modified)');
    expect(viewTitle(mine, true, all)).toBe('Mine (modified)');
    expect(viewTitle(working, false, all)).toBe('default (modified)');
  });
});
