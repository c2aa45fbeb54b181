import { describe, expect, it } from 'vitest';
import { recordName } from '../grid/recordName.ts';
import { recordHeading } from './recordHeading.ts';

describe('recordHeading', () => {
  it('names the screen and the record', () => {
    expect(recordHeading('create', 'Page', undefined, undefined)).toBe('New page');
    expect(recordHeading('edit', 'Page', 5, { id: 5, name: 'Home page' })).toBe('Edit page “Home page”');
    expect(recordHeading('view', 'Reservation', 7, { id: 7, reservationNumber: 'R-1007' })).toBe(
      'Reservation “R-1007”',
    );
    expect(recordHeading('bulkupdate', 'Page', undefined, undefined)).toBe('Bulk edit page records');
  });

  it('falls back to the id, and cuts long names', () => {
    expect(recordHeading('edit', 'Interception trigger', 12, { id: 12, name: '  ' })).toBe(
      'Edit interception trigger #12',
    );
    expect(recordHeading('view', 'Page', 3, { name: 'x'.repeat(80) })).toBe(`Page “${'x'.repeat(59)}…”`);
  });

  it('reads the usual naming fields in order', () => {
    expect(recordName({ title: 'T', name: 'N' })).toBe('N');
    expect(recordName({ code: 0 })).toBe('0');
    expect(recordName({ other: 'x' })).toBeUndefined();
  });
});
