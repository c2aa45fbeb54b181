import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dateFromRecord,
  dateTimeFromRecord,
  dateTimeToPayload,
  dateToPayload,
  formatDateTime,
  localDateTimeToPayload,
  strictParser,
} from './dateValues.ts';

describe('date values', () => {
  it('reads stored dates into the pickers', () => {
    expect(dateFromRecord('2024-05-01T00:00:00')).toBe('2024-05-01');
    expect(dateTimeFromRecord('2024-05-01T10:30:00')).toBe('2024-05-01 10:30:00');
    expect(dateFromRecord('nope')).toBeNull();
    expect(dateTimeFromRecord(null)).toBeNull();
  });

  it('sends dates as YYYY-MM-DD, datetimes with their offset, datetime2 without', () => {
    expect(dateToPayload('2024-05-01 00:00:00')).toBe('2024-05-01');
    expect(dateTimeToPayload('2024-05-01 10:30:00')).toBe(dayjs('2024-05-01T10:30:00').format());
    expect(localDateTimeToPayload('2024-05-01 10:30:00')).toBe('2024-05-01T10:30:00');
  });

  it('shows YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime('2024-05-01T07:05:09')).toBe('2024-05-01 07:05');
    expect(formatDateTime('')).toBe('');
  });

  it('reads typed text strictly', () => {
    const parse = strictParser('YYYY-MM-DD HH:mm', true);
    expect(parse('2024-05-01 10:30')).toBe('2024-05-01 10:30:00');
    expect(parse('2024-05-01 10:3')).toBeNull();
    expect(parse('2')).toBeNull();
    expect(strictParser('YYYY-MM-DD', false)('2024-02-30')).toBeNull();
  });
});
