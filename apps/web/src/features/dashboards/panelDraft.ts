/**
 * The dashboard editor's pure parts (docs/adr/0029-dashboards.md): what each chart kind needs, a
 * panel made from the "Add panel" form, a panel in words, moving a panel, and the server's
 * refusals of one panel (`panels[2].groupBy`) as that panel's messages.
 */
import type { PanelKind, PanelSource, PanelSpec } from '@bm/contracts';

export const KIND_LABELS: Readonly<Record<PanelKind, string>> = {
  number: 'Number',
  line: 'Line over time',
  bars: 'Bars',
  donut: 'Donut',
  progress: 'Progress bar',
  table: 'Top rows',
};

export const MEASURE_LABELS = {
  count: 'Count of records',
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
} as const;
export type Measure = keyof typeof MEASURE_LABELS;

export const BUCKET_LABELS = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' } as const;
export type Bucket = keyof typeof BUCKET_LABELS;

/** What a kind draws its figures by: one figure, time buckets, or a column's values. */
export const kindGrouping = (kind: PanelKind): 'none' | 'time' | 'column' =>
  kind === 'number' ? 'none' : kind === 'line' ? 'time' : 'column';

/** The "Add panel" form as the person filled it in. */
export interface PanelDraft {
  title: string;
  entity: string;
  kind: PanelKind;
  measure: Measure;
  field: string;
  groupBy: string;
  bucket: Bucket;
  dateField: string;
  rangeField: string;
  limit: number | '';
}

export const emptyDraft = (): PanelDraft => ({
  title: '',
  entity: '',
  kind: 'number',
  measure: 'count',
  field: '',
  groupBy: '',
  bucket: 'day',
  dateField: '',
  rangeField: '',
  limit: 10,
});

/** An id for a new panel from its title, not one of `taken`: `open-cases`, `open-cases-2`. */
export function newPanelId(title: string, taken: readonly string[]): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'panel';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** What the form lacks, by its field; empty when a panel can be made of it. */
export function draftErrors(draft: PanelDraft): Partial<Record<keyof PanelDraft, string>> {
  const errors: Partial<Record<keyof PanelDraft, string>> = {};
  if (!draft.title.trim()) errors.title = 'A title is required';
  if (!draft.entity) errors.entity = 'Choose the list the panel counts';
  if (draft.measure !== 'count' && !draft.field) errors.field = `Choose the column to ${draft.measure}`;
  const grouping = kindGrouping(draft.kind);
  if (grouping === 'column' && !draft.groupBy) errors.groupBy = 'Choose the column to group by';
  if (grouping === 'time' && !draft.dateField) errors.dateField = 'Choose the date column of the time line';
  return errors;
}

/** The panel a complete draft makes. */
export function draftToPanel(draft: PanelDraft, taken: readonly string[]): PanelSpec {
  const grouping = kindGrouping(draft.kind);
  return {
    id: newPanelId(draft.title, taken),
    title: draft.title.trim(),
    kind: draft.kind,
    entity: draft.entity,
    ...(draft.measure !== 'count' ? { measure: draft.measure, field: draft.field } : {}),
    ...(grouping === 'column' ? { groupBy: draft.groupBy } : {}),
    ...(grouping === 'time' ? { bucket: draft.bucket, dateField: draft.dateField } : {}),
    ...(draft.rangeField ? { rangeField: draft.rangeField } : {}),
    ...(grouping !== 'none' && draft.limit !== '' ? { limit: draft.limit } : {}),
  };
}

/** A panel in a few words: "sum of totalPrice by currency, in the time range of createdAt". */
export function panelSummary(panel: PanelSpec, source?: PanelSource): string {
  const label = (key: string) => source?.fields.find((f) => f.key === key)?.label ?? key;
  const measure = panel.measure && panel.measure !== 'count' ? panel.measure : 'count';
  const parts = [measure === 'count' ? 'count' : `${measure} of ${label(panel.field ?? '')}`];
  if (panel.groupBy) parts.push(`by ${label(panel.groupBy)}`);
  if (panel.bucket) parts.push(`per ${panel.bucket} of ${label(panel.dateField ?? '')}`);
  const where = Object.entries(panel.where ?? {});
  if (where.length > 0) parts.push(`where ${where.map(([k, v]) => `${label(k)} = ${String(v)}`).join(', ')}`);
  if (panel.rangeField) parts.push(`in the time range of ${label(panel.rangeField)}`);
  return parts.join(' ');
}

/** The list with the item at `index` moved one place up (-1) or down (1). */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** The server's refusals of the panel at `index`, as messages: "groupBy: A donut needs …". */
export function panelErrors(errors: Readonly<Record<string, string>>, index: number): string[] {
  const prefix = `panels[${index}]`;
  return Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .map(([key, message]) => (key === prefix ? message : `${key.slice(prefix.length + 1)}: ${message}`));
}
