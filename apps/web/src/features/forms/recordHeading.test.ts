import { describe, expect, it } from 'vitest';
import { recordName } from '../grid/recordName.ts';
import { recordHeading } from './recordHeading.ts';

describe('recordHeading', () => {
  it('names the screen and the record', () => {
    expect(recordHeading('create', 'Page', undefined, undefined, 'name')).toBe('New page');
    expect(recordHeading('create', 'API key', undefined, undefined, undefined)).toBe('New API key');
    expect(recordHeading('edit', 'API key', 1, { id: 1 }, undefined)).toBe('Edit API key #1');
    expect(recordHeading('edit', 'Page', 5, { id: 5, name: 'Home page' }, 'name')).toBe(
      'Edit page “Home page”',
    );
    expect(
      recordHeading('view', 'Reservation', 7, { id: 7, reservationNumber: 'R-1007' }, 'reservationNumber'),
    ).toBe('Reservation “R-1007”');
    expect(recordHeading('bulkupdate', 'Page', undefined, undefined, 'name')).toBe('Bulk edit page records');
  });

  it('falls back to the id, and cuts long names', () => {
    expect(recordHeading('edit', 'Interception trigger', 12, { id: 12, name: '  ' }, 'name')).toBe(
      'Edit interception trigger #12',
    );
    expect(recordHeading('view', 'Page', 3, { name: 'x'.repeat(80) }, 'name')).toBe(
      `Page “${'x'.repeat(59)}…”`,
    );
  });

  it('reads the declared title field, whatever other naming fields the record has', () => {
    // A review has both a title and a reservation number; its area declares the title.
    const review = { id: 4, name: 'N', title: 'Great car', reservationNumber: 'R-1007' };
    expect(recordName(review, 'title')).toBe('Great car');
    expect(recordHeading('view', 'Review', 4, review, 'title')).toBe('Review “Great car”');
    expect(recordName(review, 'reservationNumber')).toBe('R-1007');
    expect(recordName({ code: 0 }, 'code')).toBe('0');
  });

  it('guesses no name: without a declared field, or with it absent or blank, the record is its id', () => {
    expect(recordName({ name: 'Home page', title: 'T' }, undefined)).toBeUndefined();
    expect(recordHeading('edit', 'Resource', 9, { id: 9, name: 'Home page' }, undefined)).toBe(
      'Edit resource #9',
    );
    // A chargeback's record carries no reservation number (its list does): the id, not another field.
    expect(recordHeading('view', 'Chargeback', 2, { id: 2, name: 'Other' }, 'reservationNumber')).toBe(
      'Chargeback #2',
    );
    expect(recordName({ title: ' ' }, 'title')).toBeUndefined();
  });
});
