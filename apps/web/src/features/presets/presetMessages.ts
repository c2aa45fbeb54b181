/**
 * Preset texts shown to users. The spec's texts are kept exactly; the two deep-link
 * cases the spec leaves without a text are ours (ADR 0003).
 */
export const PRESET_MESSAGES = {
  nameRequired: 'preset name is required',
  groupRequired: 'preset group is required',
  fillName: 'Please fill the name before create',
  lastPreset: 'You can not detele the last preset',
  missingDefault: 'Missing the default preset.',
  notInGroup: 'The preset does not exist in the preset group',
  groupMissing: 'The preset group does not exist',
  /** `?presetgroup=` without `?preset=` (ADR 0003). */
  groupWithoutPreset: 'The preset name is missing for the preset group',
  /** `?preset=` without `?presetgroup=` (ADR 0003). */
  presetWithoutGroup: 'The preset group is missing for the preset',
} as const;
