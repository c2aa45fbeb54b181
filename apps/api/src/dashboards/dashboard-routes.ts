/**
 * `GET /api/dashboards`: the shipped dashboards (catalog/dashboards.ts) as the caller may see them:
 * each panel only where the caller holds its area's List right (the panel's figures come from that
 * area's `aggregate`, which checks the same right), and a dashboard only with at least one panel.
 * In the order they are shipped: the home page opens the first.
 */

import type { Dashboard } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import { dashboards } from '../../catalog/dashboards.ts';
import { callerOf } from '../auth/access.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  // Resolved once: a panel naming a field its area does not list fails the start, not a screen.
  const all = dashboards();
  app.get(
    '/api/dashboards',
    {
      config: { access: 'user' },
      schema: { tags: ['dashboards'], summary: 'The dashboards the caller may see, with their panels' },
    },
    async (request): Promise<Dashboard[]> => {
      const rights = await callerOf(request).rights();
      return all.flatMap((d) => {
        const panels = d.panels.filter((p) => rights.has(p.right));
        return panels.length > 0 ? [{ ...d, panels }] : [];
      });
    },
  );
}
