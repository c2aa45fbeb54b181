/**
 * Notifications: a stored
 * message from someone (or the system) to one user, read through `/api/notifications/*` and pushed
 * live over the `/notificationshub` WebSocket.
 */
import { z } from 'zod';

/** Rows per `GET /api/notifications/get` page; the bell's list loads the next page on scroll. */
export const NOTIFICATION_PAGE_SIZE = 10;

/** An in-app path: one leading slash, no scheme, no `//host`, no backslash tricks. */
export const inAppPath = (path: string): boolean =>
  /^\/(?![/\\])[^\s\\]*$/.test(path) && !/^\/[a-z][a-z0-9+.-]*:/i.test(path);

export const notificationActionsSchema = z
  .object({
    download: z.object({ url: z.string().max(2000), fileName: z.string().max(255).optional() }).optional(),
    /**
     * What the notification is about: clicking it opens this path (a record's view). Followed only
     * when it is an in-app path (`inAppPath`), never another site or a script address.
     */
    open: z.object({ url: z.string().max(2000) }).optional(),
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

/** `PUT /api/notifications/makeAllAsRead`: how many of the caller's notifications turned read. */
export const markAllReadResultSchema = z.object({ updated: z.number().int().min(0) });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;
