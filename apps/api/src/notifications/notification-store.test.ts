import { describe, expect, it } from 'vitest';
import { announcedNotification } from './notification-store.ts';

const row = {
  id: 42,
  from_email: 'system',
  to_email: 'admin@bmtools.local',
  title: 'Export ready',
  description: 'reservations.xlsx',
  is_read: false,
  actions: { open: { url: '/exports' } },
  created_at: '2026-11-26 16:30:48.057999+00',
};

describe('announcedNotification', () => {
  it('makes the notification of an announced row, its time cut to milliseconds like a read', () => {
    expect(announcedNotification(row)).toEqual({
      id: 42,
      from: 'system',
      title: 'Export ready',
      description: 'reservations.xlsx',
      to: 'admin@bmtools.local',
      isRead: false,
      createdDateUtc: '2026-11-26T16:30:48.057Z',
      actions: { open: { url: '/exports' } },
    });
  });

  it('refuses what is not such a row, so the hub reads the notification instead', () => {
    expect(announcedNotification(undefined)).toBeNull();
    expect(announcedNotification({ ...row, id: '42' })).toBeNull();
    expect(announcedNotification({ ...row, actions: null })).toBeNull();
    expect(announcedNotification({ ...row, created_at: 'yesterday' })).toBeNull();
    const { title: _title, ...untitled } = row;
    expect(announcedNotification(untitled)).toBeNull();
  });
});
