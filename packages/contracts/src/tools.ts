/**
 * The native tool pages (ADR 0017): database management, replication management and the
 * reservation search. The server answers these shapes at the paths below, each behind its tool's
 * right; cancelling a query needs `CANCEL_QUERY_RIGHT` besides.
 */
import { z } from 'zod';

/** The right that cancels a running query from the database page (admin only). */
export const CANCEL_QUERY_RIGHT = 'CancelQuery';
/** Tools the console draws itself (no frame): always set up, whatever `toolUrls` says. */
export const NATIVE_TOOL_KEYS: readonly string[] = ['mongo', 'replication', 'search'];

export const TOOL_PATHS = {
  database: '/api/tools/database',
  cancel: '/api/tools/database/cancel',
  replication: '/api/tools/replication',
  search: '/api/tools/reservations/search',
} as const;

/** Longest query text the activity list and the audit carry. */
export const ACTIVITY_QUERY_MAX = 500;
/** Most rows the reservation search answers. */
export const SEARCH_LIMIT = 50;
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/**
 * How each status reads and which colour its badge has: the Reservations list (its manifest) and the
 * reservation search show the same words.
 */
export const RESERVATION_STATUS_BADGES: Record<ReservationStatus, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  confirmed: { color: 'blue', label: 'Confirmed' },
  completed: { color: 'green', label: 'Completed' },
  cancelled: { color: 'red', label: 'Cancelled' },
};

const bytes = z.number().nullable();

export const databaseInfoSchema = z.object({
  name: z.string(),
  serverVersion: z.string(),
  databases: z.array(z.object({ name: z.string(), sizeBytes: bytes, current: z.boolean() })),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      totalBytes: z.number(),
      tableBytes: z.number(),
      indexBytes: z.number(),
      /** The planner's estimate (`reltuples`); null before the first ANALYZE. */
      estimatedRows: z.number().nullable(),
    }),
  ),
  indexes: z.array(
    z.object({
      schema: z.string(),
      table: z.string(),
      name: z.string(),
      sizeBytes: z.number(),
      scans: z.number(),
      definition: z.string(),
    }),
  ),
  statements: z.object({
    available: z.boolean(),
    /** Why the list is empty and how to enable it, when it is not available. */
    note: z.string().optional(),
    rows: z.array(
      z.object({
        /** Null when withheld (`queryHidden`): only the cancel right sees statement text here. */
        query: z.string().nullable(),
        queryHidden: z.boolean(),
        calls: z.number(),
        totalMs: z.number(),
        meanMs: z.number(),
        rows: z.number(),
      }),
    ),
  }),
  activity: z.array(
    z.object({
      pid: z.number(),
      user: z.string().nullable(),
      application: z.string().nullable(),
      state: z.string().nullable(),
      /** Seconds since the current (or last) query started. */
      durationSeconds: z.number().nullable(),
      /**
       * The backend's statement text, or null. Without the cancel right it is withheld
       * (`queryHidden`) for every backend but the console's own, whose statements carry their values
       * as parameters: another tool's text may hold passwords or customer data in its literals.
       */
      query: z.string().nullable(),
      queryHidden: z.boolean(),
      waitEvent: z.string().nullable(),
    }),
  ),
  /**
   * Sign-in locks in force now (accounts and client addresses), most locked first. A lock is
   * sustained when its key has been locked `sustainedLocks` times or more in one run of failures.
   */
  signInLocks: z.object({
    sustainedLocks: z.number(),
    rows: z.array(
      z.object({
        kind: z.enum(['account', 'address']),
        /** The account email or the client address. */
        name: z.string(),
        /** Locks in the key's current run of failures. */
        lockCount: z.number(),
        lockedUntil: z.string(),
        lastFailureAt: z.string(),
        sustained: z.boolean(),
      }),
    ),
  }),
});
export type DatabaseInfo = z.infer<typeof databaseInfoSchema>;

export const cancelQueryBodySchema = z.object({ pid: z.number().int().min(1).max(2_147_483_647) });
export const cancelQueryResultSchema = z.object({ cancelled: z.boolean(), message: z.string() });
export type CancelQueryResult = z.infer<typeof cancelQueryResultSchema>;

/** A part of the replication answer the server could not read (privileges): its message instead. */
const section = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), error: z.string().optional() });

export const replicationInfoSchema = z.object({
  /** 'primary' or 'standby' (in recovery). */
  role: z.enum(['primary', 'standby']),
  /** True when there are no replicas, slots, publications or subscriptions. */
  alone: z.boolean(),
  summary: z.string(),
  replicas: section(
    z.object({
      pid: z.number(),
      application: z.string().nullable(),
      clientAddr: z.string().nullable(),
      state: z.string().nullable(),
      syncState: z.string().nullable(),
      sentLsn: z.string().nullable(),
      replayLsn: z.string().nullable(),
      /** Bytes sent but not yet replayed. */
      replayLagBytes: z.number().nullable(),
      writeLagSeconds: z.number().nullable(),
      flushLagSeconds: z.number().nullable(),
      replayLagSeconds: z.number().nullable(),
    }),
  ),
  slots: section(
    z.object({
      name: z.string(),
      type: z.string(),
      plugin: z.string().nullable(),
      database: z.string().nullable(),
      active: z.boolean(),
      restartLsn: z.string().nullable(),
      /** WAL bytes the slot holds back from removal. */
      retainedBytes: z.number().nullable(),
      walStatus: z.string().nullable(),
    }),
  ),
  publications: section(
    z.object({
      name: z.string(),
      allTables: z.boolean(),
      tables: z.number(),
      operations: z.string(),
    }),
  ),
  subscriptions: section(
    z.object({
      name: z.string(),
      enabled: z.boolean(),
      publications: z.array(z.string()),
      lastMessageAt: z.string().nullable(),
    }),
  ),
  /**
   * The read replicas of DATABASE_READ_URLS as the answering API instance sees them: whether each
   * takes reads (and why not), its lag and replay position, and the reads each database served there.
   */
  readReplicas: z.object({
    /** A replica further behind than this is left out. */
    maxLagMs: z.number(),
    /** Routed reads the primary served on this instance since its start. */
    primaryReads: z.number(),
    rows: z.array(
      z.object({
        /** host:port/database. */
        name: z.string(),
        inUse: z.boolean(),
        /** Why it takes no reads; null while it does. */
        reason: z.string().nullable(),
        /** At most this far behind the primary at the last check; null: not known. */
        lagMs: z.number().nullable(),
        replayLsn: z.string().nullable(),
        behindBytes: z.number().nullable(),
        replayPaused: z.boolean(),
        checkedAt: z.string().nullable(),
        /** Routed reads it served on this instance since its start. */
        reads: z.number(),
      }),
    ),
  }),
});
export type ReplicationInfo = z.infer<typeof replicationInfoSchema>;

export const reservationHitSchema = z.object({
  id: z.number(),
  reservationNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  supplier: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  pickupDate: z.string(),
  status: z.string(),
  /** The reservation's total price, as decimal text ("199.00"), in `currency`. */
  totalPrice: z.string(),
  currency: z.string(),
  /** 0–1 for a fuzzy match, above 1 for an exact number (2) or email (1.5). */
  score: z.number(),
});
export type ReservationHit = z.infer<typeof reservationHitSchema>;
export const reservationSearchResultSchema = z.object({ hits: z.array(reservationHitSchema) });
