/**
 * Tabs of a form: the preset's Tabs (Id, Name), each holding the fields whose
 * tabId names it; a field naming no tab sits on the first. The active tab is the URL hash, `#1` for
 * the first and so on (default #1).
 */
import type { PresetDefinition } from '@bm/contracts';
import type { FormField } from '../../fields/formField.ts';

export interface FormTab {
  id: string;
  name: string;
  fields: FormField[];
}

export function groupIntoTabs(fields: readonly FormField[], tabs: PresetDefinition['Tabs']): FormTab[] {
  if (!tabs || tabs.length === 0) return [];
  const groups: FormTab[] = tabs.map((t) => ({ id: String(t.Id), name: t.Name, fields: [] }));
  for (const field of fields) {
    const home = groups.find((g) => g.id === field.tabId) ?? groups[0];
    home?.fields.push(field);
  }
  return groups;
}

/** 0-based index of the tab `#n` names; the first for a missing or unknown hash. */
export function tabIndexFromHash(hash: string, count: number): number {
  const n = Number(hash.replace(/^#/, ''));
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : 0;
}

export const hashOfTab = (index: number): string => `#${index + 1}`;

/** The first tab holding a field with an error, to show after a failed check. */
export function tabWithError(
  tabs: readonly FormTab[],
  errors: Readonly<Record<string, string>>,
): number | undefined {
  const index = tabs.findIndex((t) => t.fields.some((f) => errors[f.mapKey]));
  return index === -1 ? undefined : index;
}
