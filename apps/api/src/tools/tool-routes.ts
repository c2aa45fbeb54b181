/**
 * The native tools' API (ADR 0017), each route behind its tool's right: the database page
 * (ViewMongo; cancelling a query needs CancelQuery too, and so does reading other applications'
 * statement text: database-info.ts), the replication page (ViewReplication) and the reservation
 * search (ViewSearch).
 */
import {
  CANCEL_QUERY_RIGHT,
  cancelQueryBodySchema,
  cancelQueryResultSchema,
  databaseInfoSchema,
  replicationInfoSchema,
  reservationSearchResultSchema,
  TOOL_PATHS,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, missingRight } from '../auth/access.ts';
import type { Db } from '../db/pool.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import { HttpError } from '../http/http-error.ts';
import { cancelQuery } from './cancel-query.ts';
import { readDatabaseInfo } from './database-info.ts';
import { readReplicationInfo } from './replication-info.ts';
import { searchQuerySchema, searchReservations } from './reservation-search.ts';

export async function toolRoutes(app: FastifyInstance, opts: { db: Db; reads: ReadRouter }): Promise<void> {
  const { db, reads } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    TOOL_PATHS.database,
    {
      config: { access: { right: 'ViewMongo' } },
      schema: {
        tags: ['tools'],
        summary:
          'Databases, tables, indexes, slowest statements, activity and sign-in locks of our database; ' +
          "other applications' statement text only with the CancelQuery right",
        response: { 200: databaseInfoSchema },
      },
    },
    async (request) =>
      readDatabaseInfo(db, { allStatements: (await callerOf(request).rights()).has(CANCEL_QUERY_RIGHT) }),
  );

  api.post(
    TOOL_PATHS.cancel,
    {
      // Both rights: the page's own and the cancel right (admin only).
      config: { access: { right: CANCEL_QUERY_RIGHT } },
      preHandler: async (request) => {
        const rights = await callerOf(request).rights();
        if (!rights.has('ViewMongo')) throw new HttpError(403, missingRight('ViewMongo').message);
      },
      schema: {
        tags: ['tools'],
        summary: "Cancel a backend's running query (pg_cancel_backend), audited",
        body: cancelQueryBodySchema,
        response: { 200: cancelQueryResultSchema },
      },
    },
    async (request) => cancelQuery(db, request.body.pid, callerOf(request).email),
  );

  api.get(
    TOOL_PATHS.replication,
    {
      config: { access: { right: 'ViewReplication' } },
      schema: {
        tags: ['tools'],
        summary:
          'Replicas and their lag, this instance’s read replicas (in use or why not), replication slots, publications and subscriptions',
        response: { 200: replicationInfoSchema },
      },
    },
    async () => readReplicationInfo(db, reads.status()),
  );

  api.get(
    TOOL_PATHS.search,
    {
      config: { access: { right: 'ViewSearch' } },
      schema: {
        tags: ['tools'],
        summary: 'Reservations by number, customer name or email, supplier or location; best match first',
        querystring: searchQuerySchema,
        response: { 200: reservationSearchResultSchema },
      },
    },
    // The search reads where the caller's reads go: a replica that has their writes, else the primary.
    async (request) => ({
      hits: await reads.read(callerOf(request).email, (from) => searchReservations(from, request.query)),
    }),
  );
}
