/**
 * `/api/notifications/*`: the caller's pages, what arrived after an id, and
 * marking one or all read. The `email` parameter the client sends must be the caller's own: nobody reads
 * another user's notifications.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/access.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { latestNotifications, markAllRead, markRead, notificationPage } from './notification-store.ts';

const tags = ['notifications'];
const email = z.string().max(320).optional().describe("The caller's email (checked against the token)");
const index = (max: number) => z.coerce.number().int().min(0).max(max);

/** The recipient: the token's email; an `email` parameter naming someone else is refused. */
function recipient(callerEmail: string, asked: string | undefined): string {
  if (asked !== undefined && asked.trim().toLowerCase() !== callerEmail) {
    throw new HttpError(403, 'Notifications can only be read by their recipient');
  }
  return callerEmail;
}

export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications/get',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A page of the caller's notifications, newest first, with the unread count",
        querystring: z.object({ email, pageIndex: index(100_000).default(0) }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return notificationPage(db, recipient(caller.email, request.query.email), request.query.pageIndex);
    },
  );

  api.get(
    '/api/notifications/getLatestMessages',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's notifications newer than latestMessageId",
        querystring: z.object({ email, latestMessageId: index(Number.MAX_SAFE_INTEGER).default(0) }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return latestNotifications(
        db,
        recipient(caller.email, request.query.email),
        request.query.latestMessageId,
      );
    },
  );

  api.put(
    '/api/notifications/makeAllAsRead',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Mark all of the caller's notifications read (only the caller's, from the token)",
      },
    },
    async (request) => ({ updated: await markAllRead(db, callerOf(request).email) }),
  );

  api.put(
    '/api/notifications/:id/makeAsRead',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read",
        params: z.object({ id: index(Number.MAX_SAFE_INTEGER) }),
      },
    },
    async (request, reply) => {
      if (!(await markRead(db, callerOf(request).email, request.params.id))) {
        throw new HttpError(404, 'Notification not found');
      }
      return reply.code(204).send();
    },
  );
}
