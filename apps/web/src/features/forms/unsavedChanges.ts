/**
 * Whether a form holds edits not yet saved: any field whose value differs from the one loaded.
 * Empty values are alike (undefined, null and ''), so a widget that writes '' into an untouched
 * field does not count as an edit.
 */
const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

const same = (a: unknown, b: unknown): boolean =>
  (isEmpty(a) && isEmpty(b)) || a === b || JSON.stringify(a) === JSON.stringify(b);

export function hasUnsavedChanges(
  initial: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): boolean {
  const keys = new Set([...Object.keys(initial), ...Object.keys(values)]);
  for (const key of keys) if (!same(initial[key], values[key])) return true;
  return false;
}
