/**
 * What a save's answer means for the form: stay and reload
 * when the answer's id is missing or the current one, move to the new record's edit page after a
 * create (or an answer naming another record), leave when Save and close was chosen. Failures:
 * 409 is a conflict, 400 carries per-field errors, anything else is alerted.
 */
import type { SaveResult } from '@bm/contracts';
import { HttpError } from '../../app/http/HttpError.ts';

export type AfterSave = { kind: 'leave' } | { kind: 'reload' } | { kind: 'open'; id: number | string };

export function afterSave(
  result: Pick<SaveResult, 'id'>,
  currentId: number | undefined,
  close: boolean,
): AfterSave {
  if (close) return { kind: 'leave' };
  const id = result.id;
  if (id === null || id === undefined || id === '' || String(id) === String(currentId))
    return { kind: 'reload' };
  return { kind: 'open', id };
}

export type SaveFailure =
  | { kind: 'conflict'; current: Record<string, unknown> | undefined; message: string }
  | { kind: 'invalid'; errors: Record<string, string>; message: string }
  | { kind: 'signedOut' }
  | { kind: 'other'; message: string };

export function saveFailure(error: unknown): SaveFailure {
  if (!(error instanceof HttpError))
    return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
  if (error.status === 401) return { kind: 'signedOut' };
  const body = error.body as (Record<string, unknown> & { errors?: Record<string, string> }) | undefined;
  if (error.status === 409) {
    const current = body?.current;
    return {
      kind: 'conflict',
      message: error.message,
      current:
        typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : undefined,
    };
  }
  if (error.status === 400 && body?.errors && Object.keys(body.errors).length > 0) {
    return { kind: 'invalid', errors: body.errors, message: error.message };
  }
  return { kind: 'other', message: error.message };
}
