/**
 * Notifications in the database: a user's pages (newest first), the ones newer than an id, marking
 * one read, and raising one. Every read is scoped to the recipient, who always comes from the token.
 */
import {
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationActions,
  type NotificationPage,
} from '@bm/contracts';
import pg from 'pg';
import type { Queryable } from '../db/pool.ts';

interface NotificationRow {
  id: number;
  from_email: string;
  to_email: string;
  title: string;
  description: string;
  is_read: boolean;
  actions: NotificationActions;
  created_at: Date;
}

const COLUMNS = 'id, from_email, to_email, title, description, is_read, actions, created_at';

const toNotification = (row: NotificationRow): Notification => ({
  id: Number(row.id),
  from: row.from_email,
  title: row.title,
  description: row.description,
  to: row.to_email,
  isRead: row.is_read,
  createdDateUtc: row.created_at.toISOString(),
  actions: row.actions,
});

/** The user's notifications counted once: all of them, and the unread ones (the bell's number). */
async function counts(db: Queryable, email: string): Promise<{ total: number; unread: number }> {
  const { rows } = await db.query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT is_read)::int AS unread
       FROM notifications WHERE to_email = $1`,
    [email],
  );
  return rows[0] ?? { total: 0, unread: 0 };
}

export async function notificationPage(
  db: Queryable,
  email: string,
  pageIndex: number,
): Promise<NotificationPage> {
  const [{ rows }, { total, unread }] = await Promise.all([
    db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE to_email = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [email, NOTIFICATION_PAGE_SIZE, pageIndex * NOTIFICATION_PAGE_SIZE],
    ),
    counts(db, email),
  ]);
  return {
    data: rows.map(toNotification),
    paging: {
      pageIndex,
      pageSize: NOTIFICATION_PAGE_SIZE,
      totalPages: Math.ceil(total / NOTIFICATION_PAGE_SIZE),
      totalItemsCount: total,
    },
    unreadCount: unread,
  };
}

/** Notifications newer than `afterId` (at most one page), newest first: what a reconnecting bell missed. */
export async function latestNotifications(
  db: Queryable,
  email: string,
  afterId: number,
): Promise<NotificationPage> {
  const [{ rows }, { unread }] = await Promise.all([
    db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE to_email = $1 AND id > $2 ORDER BY id DESC LIMIT $3`,
      [email, afterId, NOTIFICATION_PAGE_SIZE],
    ),
    counts(db, email),
  ]);
  return {
    data: rows.map(toNotification),
    paging: {
      pageIndex: 0,
      pageSize: NOTIFICATION_PAGE_SIZE,
      totalPages: rows.length > 0 ? 1 : 0,
      totalItemsCount: rows.length,
    },
    unreadCount: unread,
  };
}

/** Marks the user's own notification read; false when the user has no notification with that id. */
export async function markRead(db: Queryable, email: string, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE notifications SET is_read = true WHERE id = $1 AND to_email = $2',
    [id, email],
  );
  return rowCount === 1;
}

/** Marks every unread notification of the user read; how many changed. Only the user's own. */
export async function markAllRead(db: Queryable, email: string): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE notifications SET is_read = true WHERE to_email = $1 AND NOT is_read',
    [email],
  );
  return rowCount ?? 0;
}

/** timestamptz as the pg client parses it, so an announced row converts as a read one does. */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => Date | null;

/**
 * The notification of a row announced on `bm_notifications` (migration 1700000010850: the row's
 * columns, `created_at` as UTC text), the same as `notificationById` would read; null when the
 * value is not such a row, and the caller reads it instead.
 */
export function announcedNotification(value: unknown): Notification | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<keyof NotificationRow, unknown>;
  if (
    typeof row.id !== 'number' ||
    typeof row.from_email !== 'string' ||
    typeof row.to_email !== 'string' ||
    typeof row.title !== 'string' ||
    typeof row.description !== 'string' ||
    typeof row.is_read !== 'boolean' ||
    typeof row.actions !== 'object' ||
    row.actions === null ||
    typeof row.created_at !== 'string'
  ) {
    return null;
  }
  const createdAt = parseTimestamptz(row.created_at);
  if (!(createdAt instanceof Date) || Number.isNaN(createdAt.getTime())) return null;
  return toNotification({ ...(row as Omit<NotificationRow, 'created_at'>), created_at: createdAt });
}

export async function notificationById(db: Queryable, id: number): Promise<Notification | null> {
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? toNotification(rows[0]) : null;
}

export interface NewNotification {
  from?: string;
  to: string;
  title: string;
  description?: string;
  actions?: NotificationActions;
}

/**
 * Stores a notification; the insert announces it on `bm_notifications`, and whichever instance
 * holds the recipient's hub socket pushes it (see hub.ts).
 */
export async function raiseNotification(db: Queryable, input: NewNotification): Promise<Notification> {
  const { rows } = await db.query<NotificationRow>(
    `INSERT INTO notifications (from_email, to_email, title, description, actions)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [
      input.from ?? '',
      input.to.trim().toLowerCase(),
      input.title,
      input.description ?? '',
      input.actions ?? {},
    ],
  );
  return toNotification(rows[0] as NotificationRow);
}
