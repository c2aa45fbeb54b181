import type { AppRoutes, MenuItem } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { UnsetScreensProvider } from '../shell/UnsetScreensProvider.tsx';
import { MenuTree } from './MenuTree.tsx';

const menu: MenuItem[] = [
  { id: 1, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' },
  { id: 2, name: 'Gizmo', linkTo: '/gizmoManagement', right: 'ViewGizmo' },
  { id: 3, name: 'Roadmap', linkTo: '/roadmapManagement', right: 'ViewRoadmapTool' },
  { id: 4, name: 'Reviews', linkTo: '/review/list', right: 'BMTools/Review/List' },
];

const appRoutes: AppRoutes = {
  routes: [
    { pattern: '/page/list', kind: 'list', right: 'BMTools/Page/List', listPath: '/page/list' },
    {
      pattern: '/review/list',
      kind: 'list',
      right: 'BMTools/Review/List',
      listPath: '/review/list',
      hasPreset: false,
    },
    { pattern: '/gizmoManagement', kind: 'tool', right: 'ViewGizmo', toolKey: 'gizmo' },
    // The test config gives the roadmap tool an address.
    { pattern: '/roadmapManagement', kind: 'tool', right: 'ViewRoadmapTool', toolKey: 'roadmap' },
  ],
  homeOrder: [],
};

describe('MenuLeaf', () => {
  it('marks entries whose screen is not set up, and only those', async () => {
    renderWithApp(
      <UnsetScreensProvider>
        <MenuTree items={menu} openIds={new Set()} favoriteIds={new Set()} />
      </UnsetScreensProvider>,
      {
        appRoutes,
        rights: ['BMTools/Page/List', 'ViewGizmo', 'ViewRoadmapTool', 'BMTools/Review/List'],
      },
    );
    const hint = 'Not set up yet: ask your administrator';
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Gizmo' })).toHaveAccessibleDescription(hint),
    );
    expect(screen.getByRole('link', { name: 'Gizmo' })).toHaveAttribute('href', '/gizmoManagement');
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAccessibleDescription(hint);
    expect(screen.getByRole('link', { name: 'Pages' })).not.toHaveAttribute('title');
    expect(screen.getByRole('link', { name: 'Roadmap' })).not.toHaveAttribute('title');
  });
});
