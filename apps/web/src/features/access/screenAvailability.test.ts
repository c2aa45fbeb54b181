import type { AppRoute } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { type ScreenContext, screenState } from './screenAvailability.ts';

const routes: AppRoute[] = [
  { pattern: '/widget/list', kind: 'list', right: 'BMTools/Widget/List', listPath: '/widget/list' },
  {
    pattern: '/widget/edit/:id',
    kind: 'edit',
    right: 'BMTools/Widget/Edit',
    listPath: '/widget/list',
    hasPreset: false,
  },
  { pattern: '/gizmoManagement', kind: 'tool', right: 'ViewGizmo', toolKey: 'gizmo' },
  { pattern: '/mongoManagement', kind: 'tool', right: 'ViewMongo', toolKey: 'mongo' },
];

const context = (
  rights: string[],
  toolUrls: Record<string, string> = {},
  fallbackToolUrl = '',
): ScreenContext => ({
  routes,
  rights: new Set(rights),
  config: { toolUrls, fallbackToolUrl },
});

describe('screenState', () => {
  it('counts a native tool as set up without an address, and denied without its right', () => {
    expect(screenState('/mongoManagement', context(['ViewMongo']))).toBe('open');
    expect(screenState('/mongoManagement', context([]))).toBe('denied');
  });

  it('opens a screen whose right is held', () => {
    expect(screenState('/widget/list?status=1', context(['BMTools/Widget/List']))).toBe('open');
  });

  it('is denied without the right', () => {
    expect(screenState('/widget/list', context([]))).toBe('denied');
  });

  it('is not set up when the default preset is missing', () => {
    expect(screenState('/widget/edit/4', context(['BMTools/Widget/Edit']))).toBe('unset');
  });

  it('is not set up for a tool without an address, and opens with its own or the fallback one', () => {
    expect(screenState('/gizmoManagement', context(['ViewGizmo']))).toBe('unset');
    expect(screenState('/gizmoManagement', context(['ViewGizmo'], { gizmo: 'https://gizmo.example' }))).toBe(
      'open',
    );
    expect(screenState('/gizmoManagement', context(['ViewGizmo'], {}, 'https://tools.example'))).toBe('open');
    expect(screenState('/gizmoManagement', context(['ViewGizmo'], { gizmo: 'javascript:alert(1)' }))).toBe(
      'unset',
    );
  });

  it('does not judge paths outside the route table', () => {
    expect(screenState('/pages/custom', context([]))).toBe('unknown');
    expect(screenState('https://example.com', context([]))).toBe('unknown');
    expect(screenState('//example.com/widget/list', context(['BMTools/Widget/List']))).toBe('unknown');
  });
});
