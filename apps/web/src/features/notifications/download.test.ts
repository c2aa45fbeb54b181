import type { Notification } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { downloadName, downloadPath } from './download.ts';

const withDownload = (download?: { url: string; fileName?: string }): Notification => ({
  id: 1,
  from: 'system',
  title: 'Export ready',
  description: '',
  to: 'admin@bmtools.local',
  isRead: false,
  createdDateUtc: '2026-11-22T10:00:00.000Z',
  actions: download ? { download } : {},
});

describe('downloadPath', () => {
  const origin = 'https://bm.example.com';
  it('accepts our own API paths, relative or absolute', () => {
    expect(downloadPath(withDownload({ url: '/api/exports/download?id=7' }), origin)).toBe(
      '/api/exports/download?id=7',
    );
    expect(downloadPath(withDownload({ url: `${origin}/api/exports/download?id=8` }), origin)).toBe(
      '/api/exports/download?id=8',
    );
  });

  it('refuses other origins, non-API paths and no download at all, so the token never leaves', () => {
    for (const url of [
      'https://evil.example.com/api/exports/download?id=7',
      '//evil.example.com/api/x',
      'javascript:alert(1)',
      '/oidc/token',
      '/api/../oidc/token',
    ]) {
      expect(downloadPath(withDownload({ url }), origin)).toBeNull();
    }
    expect(downloadPath(withDownload(), origin)).toBeNull();
  });
});

describe('downloadName', () => {
  it("uses the notification's file name, else Data.xlsx", () => {
    expect(downloadName(withDownload({ url: '/api/x', fileName: 'bookings.xlsx' }))).toBe('bookings.xlsx');
    expect(downloadName(withDownload({ url: '/api/x' }))).toBe('Data.xlsx');
    expect(downloadName(withDownload({ url: '/api/x', fileName: '  ' }))).toBe('Data.xlsx');
  });
});
