/** The two system presets of group 1: 'default', the base, and the hidden 'state'. */
import { DEFAULT_PRESET_NAME, type Preset, STATE_PRESET_NAME, SYSTEM_PRESET_GROUP_ID } from '@bm/contracts';

export const isDefaultPreset = (p: Preset): boolean =>
  p.name === DEFAULT_PRESET_NAME && p.presetGroupId === SYSTEM_PRESET_GROUP_ID;

export const isStatePreset = (p: Preset): boolean =>
  p.name === STATE_PRESET_NAME && p.presetGroupId === SYSTEM_PRESET_GROUP_ID;

/** The latest version of the default preset, when several versions are visible. */
export function findDefaultPreset(presets: readonly Preset[]): Preset | undefined {
  const defaults = presets.filter(isDefaultPreset);
  return defaults.find((p) => p.latestVersion) ?? defaults.sort((a, b) => b.version - a.version)[0];
}
