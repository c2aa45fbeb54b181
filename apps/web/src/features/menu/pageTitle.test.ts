import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle.ts';

const menu: MenuItem[] = [
  { id: 1, name: 'Content', submenu: [{ id: 2, name: 'Pages', linkTo: '/page/list' }] },
  { id: 3, name: 'Roadmap', linkTo: '/roadmapManagement' },
];

describe('pageTitle', () => {
  it('names the page after the entry sharing the first path segment', () => {
    expect(pageTitle('/page/edit/4', menu, 'BM Tools')).toBe('Pages');
    expect(pageTitle('/Page/list', menu, 'BM Tools')).toBe('Pages');
    expect(pageTitle('/roadmapManagement', menu, 'BM Tools')).toBe('Roadmap');
  });

  it('falls back to the app name', () => {
    expect(pageTitle('/', menu, 'BM Tools')).toBe('BM Tools');
    expect(pageTitle('/review/list', menu, 'BM Tools')).toBe('BM Tools');
    expect(pageTitle('/pages/list', menu, 'BM Tools')).toBe('BM Tools');
  });
});
