import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { afterSave, saveFailure } from './saveOutcome.ts';

describe('afterSave', () => {
  it('Save and close leaves', () => {
    expect(afterSave({ id: 5 }, 5, true)).toEqual({ kind: 'leave' });
  });
  it('Save stays and reloads when the id is missing or the same', () => {
    expect(afterSave({ id: null }, 5, false)).toEqual({ kind: 'reload' });
    expect(afterSave({ id: '5' }, 5, false)).toEqual({ kind: 'reload' });
  });
  it('a new record moves to its edit page', () => {
    expect(afterSave({ id: 12 }, undefined, false)).toEqual({ kind: 'open', id: 12 });
  });
});

describe('saveFailure', () => {
  it('reads a 409 with the stored record', () => {
    const error = new HttpError('Changed', '/api/pages/1', 'PUT', 409, {
      message: 'Changed',
      current: { title: 'x' },
    } as never);
    expect(saveFailure(error)).toEqual({ kind: 'conflict', message: 'Changed', current: { title: 'x' } });
    expect(saveFailure(new HttpError('Changed', '/', 'PUT', 409, { message: 'Changed' }))).toMatchObject({
      current: undefined,
    });
  });
  it('reads a 400 with field errors', () => {
    const error = new HttpError('Invalid', '/', 'PUT', 400, {
      message: 'Invalid',
      errors: { title: 'Too long' },
    });
    expect(saveFailure(error)).toEqual({
      kind: 'invalid',
      errors: { title: 'Too long' },
      message: 'Invalid',
    });
  });
  it('passes 401 silently and everything else as a message', () => {
    expect(saveFailure(new HttpError('Unauthorized', '/', 'PUT', 401))).toEqual({ kind: 'signedOut' });
    expect(saveFailure(new HttpError('Forbidden', '/', 'PUT', 403))).toEqual({
      kind: 'other',
      message: 'Forbidden',
    });
    expect(saveFailure(new Error('Timeout'))).toEqual({ kind: 'other', message: 'Timeout' });
  });
});
