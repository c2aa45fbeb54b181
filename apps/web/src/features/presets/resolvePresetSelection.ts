/**
 * Which preset a list opens with: with no preset for the right,
 * the empty notice; with presets but no default, the 428 page. A deep link `preset` + `presetgroup`
 * selects that preset; its four failure cases alert and fall back, as deep-linked filters do, to
 * the 'state' preset of group 1, else the default. Without a deep link: the in-use preset, else the
 * default. With `ignorestate` the working view ('state') is passed over wherever it would be chosen.
 */

import type { Preset } from '@bm/contracts';
import { queryParam } from '../../app/routes/queryParam.ts';
import { findDefaultPreset, isStatePreset } from './presetKinds.ts';
import { PRESET_MESSAGES } from './presetMessages.ts';

export interface DeepLink {
  preset?: string | undefined;
  group?: string | undefined;
}

export type PresetSelection =
  | { status: 'empty' }
  | { status: 'missingDefault' }
  | { status: 'ok'; preset: Preset; alert?: string; deepLinked: boolean };

export interface SelectionInput {
  /** Presets of the page's right. */
  presets: readonly Preset[];
  /** Names of the groups the user may read (plus those of the presets themselves). */
  groupNames: readonly string[];
  deepLink: DeepLink;
  /** The address carries column filters. */
  hasLinkedFilters: boolean;
  /** The address says `ignorestate`: the working view ('state') is never opened, even when in use. */
  ignoreState?: boolean;
}

export function readDeepLink(search: string): DeepLink {
  return { preset: queryParam(search, 'preset'), group: queryParam(search, 'presetgroup') };
}

function deepLinkTarget(input: SelectionInput): { preset?: Preset; alert?: string } {
  const { preset: name, group } = input.deepLink;
  if (group !== undefined && name === undefined) return { alert: PRESET_MESSAGES.groupWithoutPreset };
  if (name !== undefined && group === undefined) return { alert: PRESET_MESSAGES.presetWithoutGroup };
  if (name === undefined || group === undefined) return {};
  const groups = new Set([...input.groupNames, ...input.presets.map((p) => p.presetGroup.name)]);
  if (!groups.has(group)) return { alert: PRESET_MESSAGES.groupMissing };
  const found = input.presets.find((p) => p.name === name && p.presetGroup.name === group);
  return found ? { preset: found } : { alert: PRESET_MESSAGES.notInGroup };
}

export function resolvePresetSelection(input: SelectionInput): PresetSelection {
  if (input.presets.length === 0) return { status: 'empty' };
  const fallback = findDefaultPreset(input.presets);
  if (!fallback) return { status: 'missingDefault' };

  const state = input.ignoreState ? undefined : input.presets.find(isStatePreset);
  const linked = input.deepLink.preset !== undefined || input.deepLink.group !== undefined;
  if (linked) {
    const { preset, alert } = deepLinkTarget(input);
    if (preset) return { status: 'ok', preset, deepLinked: true };
    return { status: 'ok', preset: state ?? fallback, deepLinked: false, ...(alert ? { alert } : {}) };
  }
  if (input.hasLinkedFilters) return { status: 'ok', preset: state ?? fallback, deepLinked: false };
  const inUse = input.presets.find((p) => p.isInUse && (p === state || !isStatePreset(p)));
  return { status: 'ok', preset: inUse ?? fallback, deepLinked: false };
}
