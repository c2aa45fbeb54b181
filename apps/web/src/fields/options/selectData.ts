/**
 * Mantine selects work on string keys; options keep their own value type (ids stay numbers). These
 * helpers translate both ways and keep a stored value that is not (yet) among the options visible.
 */
import type { FieldOption, OptionValue } from './fieldOptions.ts';

export const SELECT_MAX_HEIGHT_PX = 200;

export interface SelectItem {
  value: string;
  label: string;
}

export const optionKey = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

export function selectItems(options: readonly FieldOption[], current: readonly unknown[]): SelectItem[] {
  const items = options.map((o) => ({ value: optionKey(o.value), label: o.label }));
  const known = new Set(items.map((i) => i.value));
  for (const value of current) {
    const key = optionKey(value);
    if (key && !known.has(key)) {
      items.push({ value: key, label: key });
      known.add(key);
    }
  }
  return items;
}

/** The option value behind a key, or the key itself for a value the options do not list. */
export function valueOfKey(options: readonly FieldOption[], key: string | null): OptionValue | null {
  if (key === null || key === '') return null;
  return options.find((o) => optionKey(o.value) === key)?.value ?? key;
}

export function toList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw === null || raw === undefined || raw === '') return [];
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // Not JSON: read it as a comma list.
      }
    }
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return [raw];
}
