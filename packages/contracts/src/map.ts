/**
 * Map lists (docs/adr/0013-mapping.md): a merchant or price-watch record above a grid of the
 * records it may be, from `GET {source}?id={record id}`. Its row actions post
 * `{source}/map`, `/unmap`, `/ignore` or `/disable` (and the record's own `/restore` and `/undo`) with the row's marked columns as values; the
 * answer may ask for a confirmation (`actionType` other than `success` or `error`), which the
 * client gives by sending the same request again with that `actionType`.
 */
import { z } from 'zod';
import type { RowActionType } from './preset.ts';

/** The four map actions: the row action type, its path under the map list and its column mark. */
export const MAP_ACTIONS = {
  mapThis: 'map',
  unMap: 'unmap',
  ignore: 'ignore',
  disable: 'disable',
} as const satisfies Partial<Record<RowActionType, string>>;
export type MapActionType = keyof typeof MAP_ACTIONS;
export type MapActionKey = (typeof MAP_ACTIONS)[MapActionType];

export const isMapAction = (type: RowActionType): type is MapActionType => Object.hasOwn(MAP_ACTIONS, type);

/**
 * The Match % at or above which a candidate may be mapped without asking. A location's Match is a
 * calibrated probability (docs/adr/0013-mapping.md, "Confidence"): at 97 the first candidates of
 * independently named airports are right 99% of the time and 90% of those with a counterpart pass.
 */
export const MAP_AUTO_THRESHOLD = 97;

/** The query parameter naming the record a map list is of. */
export const MAP_RECORD_PARAM = 'id';

/**
 * The keys a map list's row and a map action's values name the two records by: the record being
 * mapped (a feed's record) and the catalogue record it is, or may be, mapped to.
 */
export const MAP_RECORD_KEY = 'merchantRecordId';
export const MAP_TARGET_KEY = 'pricewatchId';

export const mapActionBodySchema = z.object({
  storeProcedure: z.string().min(1).max(200),
  values: z.array(z.object({ mapkey: z.string().min(1).max(100), value: z.unknown() })).max(20),
  /** The confirmation the server asked for, given back. */
  actionType: z.string().max(100).optional(),
});
export type MapActionBody = z.infer<typeof mapActionBodySchema>;

export interface MapActionResult {
  isSuccess: boolean;
  messageTitle?: string;
  messageContent?: string;
  /** `error`: a dialog; `success` or none: done (the web shows a toast with Undo); other: confirm and resend. */
  actionType?: string;
}

/** Ignore and disable ask for this note; the server refuses them without one. */
export const MAP_NOTE_KEY = 'note';
export const MAP_NOTE_MAX = 1000;

/**
 * Undo (`POST {source}/undo`): puts the record back as it was before the caller's latest change,
 * while that change is still its latest. The values name the record (`merchantRecordId`); the
 * `actionType` names the action being undone (map, unmap, ignore or disable), so an undo meant for
 * one change never undoes another. The answer is a map action's.
 */
export const MAP_UNDO = 'undo';

/**
 * Restore (`POST {source}/restore`): a blacklisted or disabled merchant record goes back to Not
 * mapped (to do again) without being mapped. The values name the record (`merchantRecordId`) and
 * may carry a note (`note`, optional here, unlike blacklist and disable); the history keeps who,
 * when, the state it left and the note. Undone as the other actions (`actionType` `restore`).
 */
export const MAP_RESTORE = 'restore';

/** The changes of a record that undo can take back: the map actions and restore. */
export type MapUndoableKey = MapActionKey | typeof MAP_RESTORE;
export type MapRouteKey = MapUndoableKey | typeof MAP_UNDO;

/** Every action route of a merchant-side map list, in the order the API registers them. */
export const MAP_ROUTE_KEYS: readonly MapRouteKey[] = [...Object.values(MAP_ACTIONS), MAP_UNDO, MAP_RESTORE];

/** The states a record can be restored from. */
export const MAP_RESTORABLE: readonly MapStatus[] = ['blacklisted', 'disabled'];

/** A merchant record's mapping state, as `map_status` holds it. */
export type MapStatus = 'unmapped' | 'mapped' | 'blacklisted' | 'disabled';

/** The one wording of each mapping state: grids, headers, views, filters and the queue. */
export const MAP_STATUS_LABELS: Record<MapStatus, string> = {
  unmapped: 'Not mapped',
  mapped: 'Mapped',
  blacklisted: 'Blacklisted',
  disabled: 'Disabled',
};

/** The state in words, naming the record it maps to: "Not mapped", "Mapped to “Madrid”", … */
export function mapStateText(status: unknown, mappedName?: unknown): string {
  if (status === 'mapped')
    return typeof mappedName === 'string' && mappedName !== '' ? `Mapped to ${mappedName}` : 'Mapped';
  return typeof status === 'string' && Object.hasOwn(MAP_STATUS_LABELS, status)
    ? MAP_STATUS_LABELS[status as MapStatus]
    : String(status ?? '');
}

/**
 * The scope of the queue and of an auto-map run: one merchant, one kind of record (an airport, a
 * city …), one country (ISO code); each only where the area's records have it.
 */
export const mapScopeSchema = z
  .object({
    merchantId: z.number().int().positive().max(2_147_483_647).optional(),
    recordKind: z.string().min(1).max(60).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
  })
  .strict();
export type MapScope = z.infer<typeof mapScopeSchema>;

/** `GET {source}/queue?…scope&exclude=1,2`: the next record to map, most certain first. */
export interface MapQueueNext {
  /** The record, or null when the scope has none left (but those excluded). */
  recordId: number | null;
  /** Its best candidate's Match %, when scored. */
  match: number | null;
  /** Unmapped records in the scope, but those excluded. */
  remaining: number;
  /** How many of them are scored: the order is by certainty among those. */
  scored: number;
}

/**
 * `GET {source}/queue/kinds`: the kinds of record the area's records have — the choices of the
 * queue's Kind filter (a `values` filter names this route as its options).
 */
export interface MapQueueValues {
  values: string[];
}

export const MAP_AUTO_STATUSES = [
  'planning',
  'planned',
  'running',
  'done',
  'undoing',
  'undone',
  'failed',
] as const;
export type MapAutoStatus = (typeof MAP_AUTO_STATUSES)[number];

/** `POST {source}/auto/preview` body: the scope to plan a run for. */
export const mapAutoPreviewSchema = z.object({ scope: mapScopeSchema.default({}) }).strict();
/** `POST {source}/auto/{run}/start` body: map every planned record at or above this Match %. */
export const mapAutoStartSchema = z.object({ threshold: z.number().int().min(1).max(100) }).strict();

export interface MapAutoSampleRow {
  /** The record to be mapped, by the map actions' key. */
  [MAP_RECORD_KEY]: number;
  name: string;
  pricewatchId: number;
  candidate: string;
  match: number;
}

/** An auto-map run as `GET {source}/auto/{run}?threshold=X` shows it. */
export interface MapAutoRun {
  id: number;
  status: MapAutoStatus;
  scope: MapScope;
  /** The threshold it ran with (after start), else the one asked about. */
  threshold: number;
  /** Records in the scope that are unmapped and never touched by a person. */
  total: number;
  /** Of those, scored so far (planning). */
  planned: number;
  /** Records whose best candidate is at or above the threshold: what the run maps. */
  atThreshold: number;
  /** Up to ten of them, most certain first. */
  sample: MapAutoSampleRow[];
  /**
   * The expected share of right mappings at the threshold, 0–1, and what it is measured on
   * (`basis`); null when nothing to measure it on.
   */
  expectedPrecision: number | null;
  basis: string;
  /** After the run: mapped, skipped (a person or another run got there first); after an undo: undone, kept. */
  mapped: number;
  skipped: number;
  undone: number;
  kept: number;
  error: string | null;
}
