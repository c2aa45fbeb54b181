import type { Preset } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { PRESET_MESSAGES } from './presetMessages.ts';
import { readDeepLink, resolvePresetSelection, type SelectionInput } from './resolvePresetSelection.ts';

const preset = (id: number, name: string, group: [number, string], extra: Partial<Preset> = {}): Preset => ({
  id,
  name,
  rightName: 'BMTools/Page/List',
  presetGroupId: group[0],
  presetGroup: { id: group[0], name: group[1] },
  isInUse: false,
  latestVersion: true,
  version: 1,
  parentId: null,
  totalItemCount: null,
  definition: '{}',
  ...extra,
});

const def = preset(1, 'default', [1, 'default']);
const state = preset(2, 'state', [1, 'default']);
const mine = preset(3, 'Mine', [2, 'personal']);
const team = preset(4, 'Weekly', [3, 'Team'], { isInUse: true });
const input = (over: Partial<SelectionInput> = {}): SelectionInput => ({
  presets: [def, state, mine, team],
  groupNames: ['personal', 'Team', 'Operations'],
  deepLink: {},
  hasLinkedFilters: false,
  ...over,
});
const chosen = (over: Partial<SelectionInput>) => {
  const result = resolvePresetSelection(input(over));
  return result.status === 'ok' ? { id: result.preset.id, alert: result.alert } : result.status;
};

describe('resolvePresetSelection', () => {
  it('is the empty notice without presets for the right', () => {
    expect(resolvePresetSelection(input({ presets: [] }))).toEqual({ status: 'empty' });
  });

  it('is the 428 case when presets exist but none is the default', () => {
    expect(chosen({ presets: [mine, team] })).toBe('missingDefault');
  });

  it('uses the in-use preset, else the default', () => {
    expect(chosen({})).toEqual({ id: 4, alert: undefined });
    expect(chosen({ presets: [def, mine] })).toEqual({ id: 1, alert: undefined });
  });

  it('selects a deep-linked preset of a group', () => {
    expect(chosen({ deepLink: { preset: 'Mine', group: 'personal' } })).toEqual({ id: 3, alert: undefined });
    expect(chosen({ deepLink: { preset: 'default', group: 'default' } })).toEqual({
      id: 1,
      alert: undefined,
    });
  });

  it('alerts each failing deep-link case and falls back to state, else default', () => {
    expect(chosen({ deepLink: { preset: 'Nope', group: 'Team' } })).toEqual({
      id: 2,
      alert: PRESET_MESSAGES.notInGroup,
    });
    expect(chosen({ deepLink: { preset: 'Mine', group: 'Team' } })).toEqual({
      id: 2,
      alert: PRESET_MESSAGES.notInGroup,
    });
    expect(chosen({ deepLink: { preset: 'Mine', group: 'Nowhere' } })).toEqual({
      id: 2,
      alert: PRESET_MESSAGES.groupMissing,
    });
    expect(chosen({ deepLink: { group: 'Team' } })).toEqual({
      id: 2,
      alert: PRESET_MESSAGES.groupWithoutPreset,
    });
    expect(chosen({ deepLink: { preset: 'Mine' } })).toEqual({
      id: 2,
      alert: PRESET_MESSAGES.presetWithoutGroup,
    });
    expect(chosen({ presets: [def, mine], deepLink: { preset: 'Mine' } })).toEqual({
      id: 1,
      alert: PRESET_MESSAGES.presetWithoutGroup,
    });
  });

  it('deep-linked filters open the state preset, else the default', () => {
    expect(chosen({ hasLinkedFilters: true })).toEqual({ id: 2, alert: undefined });
    expect(chosen({ presets: [def, team], hasLinkedFilters: true })).toEqual({ id: 1, alert: undefined });
  });

  it('never opens the working view under ignorestate, even when it is in use', () => {
    const stateInUse = { ...state, isInUse: true };
    const presets = [def, stateInUse, mine];
    expect(chosen({ presets })).toEqual({ id: 2, alert: undefined });
    expect(chosen({ presets, ignoreState: true })).toEqual({ id: 1, alert: undefined });
    expect(chosen({ presets, ignoreState: true, hasLinkedFilters: true })).toEqual({
      id: 1,
      alert: undefined,
    });
    expect(chosen({ presets: [def, state, team], ignoreState: true })).toEqual({ id: 4, alert: undefined });
  });

  it('reads preset and presetgroup case-insensitively from the address', () => {
    expect(readDeepLink('?Preset=Mine&PRESETGROUP=personal&x=1')).toEqual({
      preset: 'Mine',
      group: 'personal',
    });
    expect(readDeepLink('?preset=&presetgroup=Team')).toEqual({ preset: undefined, group: 'Team' });
  });
});
