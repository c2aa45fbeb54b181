import { describe, expect, it } from 'vitest';
import { plainRightName } from './plainRightName.ts';

describe('plainRightName', () => {
  it.each([
    ['BMTools/Reservation/Edit', 'Edit reservation'],
    ['BMTools/ReservationLog/BulkEdit', 'Bulk edit reservation log'],
    ['BMTools/merchantcarclass/View', 'View merchantcarclass'],
    ['ViewLocation', 'View location'],
    ['BMTools/Export/List', 'List export'],
    ['EM/Application/List', 'List em application'],
    ['', ''],
  ])('%s → %s', (right, plain) => {
    expect(plainRightName(right)).toBe(plain);
  });
});
