/**
 * The menu tree cut to the caller's rights, and the caller's favourite menu entries.
 */
import { favoriteSchema, int4IdParam, MENU_RIGHTS_PATH } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/access.ts';
import type { Db } from '../db/pool.ts';
import { cutMenu } from '../menu/cut-menu.ts';

export async function menuRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/menu/json/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['menu'],
        summary: 'Menu tree cut to the caller',
        params: z.object({ id: int4IdParam }),
      },
    },
    async (request, reply) => {
      const { rows } = await db.query<{ id: number; name: string; content: unknown }>(
        'SELECT id, name, content FROM menus WHERE id = $1',
        [request.params.id],
      );
      const menu = rows[0];
      if (!menu) return reply.code(404).send({ message: 'Menu not found' });
      const { items, malformed } = cutMenu(menu.content, await callerOf(request).rights());
      if (malformed > 0) {
        request.log.warn(
          { menuId: menu.id, malformed },
          'Menu entries that are not menu items were left out',
        );
      }
      return { id: menu.id, name: menu.name, content: JSON.stringify(items) };
    },
  );

  // The menu editor's choice of rights for an item (any right may guard an entry).
  api.get(
    MENU_RIGHTS_PATH,
    {
      config: { access: { right: 'BMTools/Menu/Edit' } },
      schema: { tags: ['menu'], summary: 'Every right name, for the menu editor' },
    },
    async () => {
      const { rows } = await db.query<{ name: string }>('SELECT name FROM rights ORDER BY name');
      return rows.map((r) => r.name);
    },
  );

  api.get(
    '/api/menu/favorites',
    { config: { access: 'user' }, schema: { tags: ['menu'], summary: "The caller's favourite entries" } },
    async (request) => {
      const { rows } = await db.query<{ menuId: number; path: string }>(
        'SELECT menu_id AS "menuId", path FROM favorite_menu_entries WHERE user_email = $1 ORDER BY created_at',
        [callerOf(request).email],
      );
      return rows;
    },
  );

  api.post(
    '/api/menu/addfavorite',
    {
      config: { access: 'user' },
      schema: { tags: ['menu'], summary: 'Star a menu entry', body: favoriteSchema },
    },
    async (request, reply) => {
      const { menuId, path } = request.body;
      await db.query(
        `INSERT INTO favorite_menu_entries (user_email, menu_id, path) VALUES ($1, $2, $3)
         ON CONFLICT (user_email, menu_id) DO UPDATE SET path = EXCLUDED.path`,
        [callerOf(request).email, menuId, path],
      );
      return reply.code(201).send({ menuId, path });
    },
  );

  api.delete(
    '/api/menu/removefavorite',
    {
      config: { access: 'user' },
      schema: { tags: ['menu'], summary: 'Unstar a menu entry', body: favoriteSchema },
    },
    async (request, reply) => {
      await db.query('DELETE FROM favorite_menu_entries WHERE user_email = $1 AND menu_id = $2', [
        callerOf(request).email,
        request.body.menuId,
      ]);
      return reply.code(204).send();
    },
  );
}
