/**
 * Runs a registered PL/pgSQL procedure `(values jsonb, actor text) → jsonb` and maps database
 * refusals (unique, check, not-null) to a 400 naming the field.
 */
import { quoteIdent } from '../criteria/plan-sql.ts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';

export interface ProcedureResult {
  isSuccess: boolean;
  id?: number | string | null;
  message?: string;
  conflict?: boolean;
  notFound?: boolean;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export async function runProcedure(
  db: Queryable,
  procedure: string,
  values: Record<string, unknown>,
  actor: string,
): Promise<ProcedureResult> {
  try {
    const { rows } = await db.query<{ result: ProcedureResult }>(
      `SELECT ${quoteIdent(procedure)}($1::jsonb, $2::text) AS result`,
      [JSON.stringify(values), actor],
    );
    return rows[0]?.result ?? { isSuccess: false, message: 'The procedure returned nothing' };
  } catch (error) {
    const e = error as { code?: string; detail?: string; column?: string };
    const column = e.column ?? /Key \(([a-z_]+)[,)]/.exec(e.detail ?? '')?.[1];
    const field = column ? camel(column) : 'values';
    if (e.code === '23505')
      throw new HttpError(400, `The ${field} is already used by another record`, {
        [field]: 'Is already used',
      });
    if (e.code === '23502')
      throw new HttpError(400, `The ${field} is required`, { [field]: 'This field is required' });
    if (
      e.code === '23514' ||
      e.code === '22P02' ||
      e.code === '22007' ||
      e.code === '22008' ||
      e.code === '22003'
    ) {
      throw new HttpError(400, `A value is not acceptable (${field})`, { [field]: 'Is not acceptable' });
    }
    throw error;
  }
}
