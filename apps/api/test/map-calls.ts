/**
 * Calls the map tests share: a map action on one map list (its procedure and the values by key,
 * with the confirmation's `actionType` when answering one), and a merchant location's mapping
 * state as stored.
 */
import type pg from 'pg';
import { type ApiCall, saveValues } from './api-caller.ts';

export type MapActionCall = (
  who: string,
  key: string,
  values: Record<string, unknown>,
  actionType?: string,
) => ReturnType<ApiCall>;

export const mapActionCaller =
  (call: ApiCall, api: string, storeProcedure: string): MapActionCall =>
  (who, key, values, actionType) =>
    call(who, 'POST', `${api}/${key}`, {
      storeProcedure,
      values: saveValues(values),
      ...(actionType ? { actionType } : {}),
    });

export interface LocationMapState {
  map_status: string;
  mapped_id: number | null;
  map_note: string | null;
}

export async function locationMapState(db: pg.Client, id: number): Promise<LocationMapState | undefined> {
  const { rows } = await db.query<LocationMapState>(
    'SELECT map_status, mapped_id, map_note FROM merchant_locations WHERE id = $1',
    [id],
  );
  return rows[0];
}
