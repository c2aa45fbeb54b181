/**
 * Notifications: a stored
 * message from someone (or the system) to one user, read through `/api/notifications/*` and pushed
 * live over the `/notificationshub` WebSocket.
 */
import { z } from 'zod';

/** Rows per `GET /api/notifications/get` page; the bell's list loads the next page on scroll. */
export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationActionsSchema = z
  .object({
    download: z.object({ url: z.string().max(2000), fileName: z.string().max(255).optional() }).optional(),
  })
  .loose();
export type NotificationActions = z.infer<typeof notificationActionsSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  title: z.string(),
  description: z.string(),
  to: z.string(),
  isRead: z.boolean(),
  /** ISO 8601 in UTC. */
  createdDateUtc: z.string(),
  actions: notificationActionsSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  paging: z.object({
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    totalItemsCount: z.number().int(),
  }),
  /** Unread notifications of the user in all pages: the bell's count. */
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** What the hub sends (a fixed shape). */
export const hubMessageSchema = z.object({
  type: z.literal('receiveNewMessage'),
  message: notificationSchema,
});
export type HubMessage = z.infer<typeof hubMessageSchema>;
