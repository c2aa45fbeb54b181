/**
 * The dashboards (docs/adr/0029-dashboards.md), stored in `dashboards` (the shipped ones written
 * there by the catalogue sync, src/catalog/sync-dashboards.ts):
 * - `GET /api/dashboards`: the dashboards as the caller may see them, in their order: each panel
 *   only where the caller holds its area's List right (its figures come from that area's
 *   `aggregate`, which checks the same right), and a dashboard only with at least one such panel,
 *   unless the caller may edit dashboards. The home page opens the first.
 * - `GET /api/dashboards/:id/definition`: a dashboard as its editor reads it (its panels by the
 *   areas' keys, its version) and the areas and columns a panel may be made of.
 * - `PUT /api/dashboards/:id/definition`: saves the title and panels (add, move, remove, change),
 *   for everyone who sees the dashboard; refused with 400 naming the panel's part that does not
 *   resolve, and with 409 when someone saved since the version the editor started from.
 * - `POST /api/dashboards/:id/reset`: puts a shipped dashboard back as the console ships it.
 * The three editing calls need `DASHBOARD_EDIT_RIGHT`.
 */
import {
  DASHBOARD_EDIT_RIGHT,
  type Dashboard,
  type DashboardDefinition,
  type DashboardEditing,
  type DashboardPanel,
  type PanelSpec,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  definitionErrors,
  panelSources,
  resolvePanel,
  SHIPPED_DASHBOARDS,
} from '../../catalog/dashboards.ts';
import { callerOf } from '../auth/access.ts';
import { dashboardHash } from '../catalog/sync-dashboards.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';

interface DashboardRow {
  id: string;
  title: string;
  panels: PanelSpec[];
  shipped_hash: string | null;
  version: number;
}

const EDIT = { right: DASHBOARD_EDIT_RIGHT };
const ID_PARAM = z.object({ id: z.string().max(63) });

const definitionOf = (row: DashboardRow): DashboardDefinition => {
  const shipped = SHIPPED_DASHBOARDS.some((d) => d.id === row.id);
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    panels: row.panels,
    shipped,
    changed: shipped && row.shipped_hash !== dashboardHash(row.title, row.panels),
  };
};

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  const rowOf = async (id: string): Promise<DashboardRow> => {
    const { rows } = await db.query<DashboardRow>(
      'SELECT id, title, panels, shipped_hash, version FROM dashboards WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw new HttpError(404, `No dashboard ${id.slice(0, 63)}`);
    return row;
  };

  app.get(
    '/api/dashboards',
    {
      config: { access: 'user' },
      schema: { tags: ['dashboards'], summary: 'The dashboards the caller may see, with their panels' },
    },
    async (request): Promise<Dashboard[]> => {
      const rights = await callerOf(request).rights();
      const editable = rights.has(DASHBOARD_EDIT_RIGHT);
      const { rows } = await db.query<DashboardRow>(
        'SELECT id, title, panels, shipped_hash, version FROM dashboards ORDER BY position, id',
      );
      return rows.flatMap((d) => {
        const panels = d.panels.flatMap((spec): DashboardPanel[] => {
          try {
            const panel = resolvePanel(spec);
            return rights.has(panel.right) ? [panel] : [];
          } catch (error) {
            // A stored panel whose area or column has gone since: left out, and said in the log.
            request.log.warn({ dashboard: d.id, err: error }, 'dashboard panel does not resolve');
            return [];
          }
        });
        return panels.length > 0 || editable ? [{ id: d.id, title: d.title, panels, editable }] : [];
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/dashboards/:id/definition',
    {
      config: { access: EDIT },
      schema: {
        tags: ['dashboards'],
        summary: 'A dashboard as its editor reads it, and what a panel may be made of',
        params: ID_PARAM,
      },
    },
    async (request): Promise<DashboardEditing> => ({
      definition: definitionOf(await rowOf(request.params.id)),
      sources: panelSources(),
    }),
  );

  app.put<{ Params: { id: string }; Body: { title?: unknown; panels?: unknown; version?: unknown } }>(
    '/api/dashboards/:id/definition',
    {
      config: { access: EDIT },
      schema: {
        tags: ['dashboards'],
        summary: "Saves a dashboard's title and panels",
        params: ID_PARAM,
        // The title and panels are checked by definitionErrors, which names each part it refuses.
        body: z.strictObject({ title: z.unknown(), panels: z.unknown(), version: z.number().int() }),
      },
    },
    async (request): Promise<DashboardDefinition> => {
      const { title, panels, version } = request.body;
      const errors = definitionErrors(title, panels);
      const first = Object.keys(errors)[0];
      if (first)
        throw new HttpError(400, `The dashboard cannot be saved: ${first}: ${errors[first]}`, errors);
      const { rows } = await db.query<DashboardRow>(
        `UPDATE dashboards SET title = $2, panels = $3, version = version + 1, updated_by = $5, updated_at = now()
          WHERE id = $1 AND version = $4
          RETURNING id, title, panels, shipped_hash, version`,
        [
          request.params.id,
          (title as string).trim(),
          JSON.stringify(panels),
          version,
          callerOf(request).email,
        ],
      );
      const saved = rows[0];
      if (saved) return definitionOf(saved);
      const current = await rowOf(request.params.id);
      throw new HttpError(
        409,
        `This dashboard was changed since you opened it (version ${current.version}, yours ${String(version)}): open it again to see the change`,
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/dashboards/:id/reset',
    {
      config: { access: EDIT },
      schema: { tags: ['dashboards'], summary: 'Puts a shipped dashboard back as shipped', params: ID_PARAM },
    },
    async (request): Promise<DashboardDefinition> => {
      const shipped = SHIPPED_DASHBOARDS.find((d) => d.id === request.params.id);
      if (!shipped) {
        await rowOf(request.params.id);
        throw new HttpError(400, 'Only a dashboard shipped with the console can be put back as shipped');
      }
      const { rows } = await db.query<DashboardRow>(
        `UPDATE dashboards SET title = $2, panels = $3, shipped_hash = $4, version = version + 1,
                updated_by = $5, updated_at = now()
          WHERE id = $1
          RETURNING id, title, panels, shipped_hash, version`,
        [
          shipped.id,
          shipped.title,
          JSON.stringify(shipped.panels),
          dashboardHash(shipped.title, shipped.panels),
          callerOf(request).email,
        ],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, `No dashboard ${shipped.id}`);
      return definitionOf(row);
    },
  );
}
