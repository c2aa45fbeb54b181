/**
 * The generic list and page-summary routes, registered for every entity of the catalogue:
 * `GET {api}`, `GET {api}/page-summarize` (fixed wire shapes), and `GET {api}/aggregate` (a figure
 * over the list's rows, for dashboards: aggregate-service.ts). `DELETE {api}/{id}` is a write and
 * lives with the others in records/record-routes.ts.
 */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityRight } from '../../catalog/entity-spec.ts';
import { callerOf } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import { runAggregate } from './aggregate-service.ts';
import { runList, runPageSummary } from './list-service.ts';

const criteriaDoc = z
  .object({
    filters: z.string().optional().describe('JSON criteria'),
    pageSize: z.string().optional(),
    pageIndex: z.string().optional(),
    sort: z.string().optional().describe('JSON list of "mapKey=ASC|DESC"'),
    fields: z.string().optional().describe('JSON list of mapKeys'),
    sqlViewName: z.string().optional(),
    databaseName: z.string().optional(),
  })
  .loose();

export async function listRoutes(
  app: FastifyInstance,
  opts: { reads: ReadRouter; registry: EntityRegistry },
): Promise<void> {
  // Every read here may go to a replica that has the caller's own writes (db/read-replicas.ts).
  const { reads, registry } = opts;
  for (const entity of registry.all) {
    const tags = [entity.entity];
    const right = (action: string) => ({ right: entityRight(entity, action) });

    const listRight = entityRight(entity, 'List');
    app.get(
      entity.api,
      {
        config: { access: { right: listRight, checkedInQuery: true } },
        schema: { tags, summary: `List ${entity.entity}`, querystring: criteriaDoc },
      },
      async (request) => {
        const { email } = callerOf(request);
        // With replicas, the lookup on the primary confirms the right (a revocation counts at once).
        return reads.read(
          email,
          (db, target) =>
            runList(
              db,
              entity,
              request.query as Record<string, unknown>,
              { email, right: listRight, rightChecked: target.rightChecked },
              { primary: reads.primary },
            ),
          { right: listRight },
        );
      },
    );

    app.get(
      `${entity.api}/page-summarize`,
      {
        // A count per filter change, per account and list: 600 a minute is ten a second, above two
        // tabs typing into filters at the grid's 200 ms debounce (docs/security.md).
        config: { access: right('List'), rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: { tags, summary: `Count ${entity.entity} (exact or estimated)`, querystring: criteriaDoc },
      },
      async (request) => {
        const { email } = callerOf(request);
        return reads.read(email, (db) =>
          runPageSummary(db, entity, request.query as Record<string, unknown>, { email }),
        );
      },
    );

    app.get(
      `${entity.api}/aggregate`,
      {
        // A dashboard's panels ask one each, refreshed on an interval: as a list's counts do.
        config: { access: right('List'), rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: `A figure over ${entity.entity} rows, or one per group (dashboards)`,
          querystring: criteriaDoc.extend({
            measure: z.enum(['count', 'sum', 'avg', 'min', 'max']).optional(),
            field: z.string().optional(),
            groupBy: z.string().optional(),
            bucket: z.enum(['hour', 'day', 'week', 'month']).optional(),
            dateField: z.string().optional(),
            tz: z.string().optional().describe('IANA time zone of the buckets (default UTC)'),
            limit: z.string().optional(),
          }),
        },
      },
      async (request) => {
        const { email } = callerOf(request);
        return reads.read(email, (db) =>
          runAggregate(db, entity, request.query as Record<string, unknown>, { email }),
        );
      },
    );
  }
}
