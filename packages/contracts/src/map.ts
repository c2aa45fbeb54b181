/**
 * Map lists (docs/adr/0013-mapping.md): a merchant or price-watch record above a grid of the
 * records it may be, from `GET {source}?id={record id}`. Its row actions post
 * `{source}/map`, `/unmap`, `/ignore` or `/disable` with the row's marked columns as values; the
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

/** The query parameter naming the record a map list is of. */
export const MAP_RECORD_PARAM = 'id';

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
  /** `error`: a dialog only; `success`: a dialog, then back to the list; other: confirm and resend. */
  actionType?: string;
}

/** Ignore and disable ask for this note; the server refuses them without one. */
export const MAP_NOTE_KEY = 'note';
export const MAP_NOTE_MAX = 1000;
