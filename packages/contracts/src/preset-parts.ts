/**
 * A preset definition edited part by part (the structured preset editor): its columns, row actions,
 * form actions, settings and tabs, each as JSON text in its own code field. The `presetpart` form
 * rule checks one part against the same schema the whole definition is read with, so a part that
 * would break the screens it drives is refused by the browser and by the server alike, before it
 * is stored. Addresses in a part must stay within the app (a path starting with one '/'): the
 * rule has no list of trusted origins, and a shared preset leads every member of its group.
 */
import type { z } from 'zod';
import {
  type actionSpecSchema,
  type columnDefinitionSchema,
  presetDefinitionSchema,
  presetSettingsSchema,
  type rowActionSchema,
} from './preset.ts';
import { isOwnPath } from './urls.ts';

const definitionShape = presetDefinitionSchema.shape;

/** Each part: the definition key it fills and the schema of its value. */
const PARTS = {
  columns: { key: 'definition', schema: definitionShape.definition },
  rowActions: { key: 'rowActions', schema: definitionShape.rowActions },
  actions: { key: 'actions', schema: definitionShape.actions },
  settings: { key: 'settings', schema: presetSettingsSchema },
  tabs: { key: 'Tabs', schema: definitionShape.Tabs },
} as const satisfies Record<string, { key: string; schema: z.ZodType }>;

export type PresetPart = keyof typeof PARTS;
export const PRESET_PARTS = Object.keys(PARTS) as PresetPart[];

export const isPresetPart = (name: unknown): name is PresetPart =>
  typeof name === 'string' && Object.hasOwn(PARTS, name);

/** The definition key a part fills (`columns` → `definition`, `tabs` → `Tabs`). */
export const presetPartKey = (part: PresetPart): string => PARTS[part].key;

type Row = z.infer<typeof rowActionSchema>;
type Action = z.infer<typeof actionSpecSchema>;
type Column = z.infer<typeof columnDefinitionSchema>;

/** Where the part leads, with the place each address sits at (for the message). */
function addressesOf(part: PresetPart, value: unknown): [string, string][] {
  if (part === 'rowActions')
    return (value as Row[]).flatMap((a, i) =>
      a.pageUrl === undefined ? [] : [[`row action ${i + 1}`, a.pageUrl] as [string, string]],
    );
  if (part === 'actions')
    return Object.entries(value as Record<string, Action>).flatMap(([name, a]) =>
      a.RedirectUrl === undefined ? [] : [[`action ${name}`, a.RedirectUrl] as [string, string]],
    );
  if (part === 'columns')
    return (value as Column[]).flatMap((c) =>
      typeof c.source === 'string' && c.source !== ''
        ? [[`column ${c.key}`, c.source] as [string, string]]
        : [],
    );
  return [];
}

/** A short reading of a schema failure: where, and what. */
function issueText(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `${where}: ${issue.message}`;
}

/**
 * Why a part's JSON text cannot be stored, or undefined when it can. Empty text is left to the
 * `required` rule.
 */
export function presetPartProblem(part: PresetPart, text: unknown): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'Please enter valid JSON';
  }
  const parsed = PARTS[part].schema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return `Not a valid ${part} part${first ? issueText(first) : ''}`;
  }
  for (const [where, url] of addressesOf(part, parsed.data)) {
    if (url.trim() !== '' && !isOwnPath(url.trim()))
      return `The ${where} must lead within the app (a path starting with /)`;
  }
  return undefined;
}
