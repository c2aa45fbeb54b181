/**
 * Preset groups and which roles may read, write (create in), edit and delete in each.
 * Group 1 holds the system presets 'default' and 'state'; 'personal' is always
 * fully permitted to its owner and needs no rights.
 */
export interface PresetGroupSpec {
  id: number;
  name: string;
  rights: Record<string, { read?: boolean; write?: boolean; edit?: boolean; delete?: boolean }>;
}

const ALL = { read: true, write: true, edit: true, delete: true };

export const PRESET_GROUPS: readonly PresetGroupSpec[] = [
  { id: 1, name: 'default', rights: {} },
  { id: 2, name: 'personal', rights: {} },
  {
    id: 3,
    name: 'Team',
    rights: {
      admin: ALL,
      editor: { read: true, write: true, edit: true },
      mapper: { read: true },
      viewer: { read: true },
    },
  },
  {
    id: 4,
    name: 'Operations',
    rights: { admin: ALL, mapper: { read: true, write: true, edit: true, delete: true } },
  },
];
