/**
 * The generic list, page-summary and delete routes, registered for every entity of the catalogue:
 * `GET {api}`, `GET {api}/page-summarize`, `DELETE {api}/{id}` (fixed wire shapes).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import type { Db } from '../db/pool.ts';
import { type DeleteBody, runDelete } from './delete-service.ts';
import { runList, runPageSummary } from './list-service.ts';

const deleteBodySchema = z
  .object({
    storeProcedure: z.string().max(200).optional(),
    databaseName: z.string().max(100).optional(),
    values: z
      .array(z.object({ mapkey: z.string().max(100), value: z.unknown() }))
      .max(20)
      .optional(),
  })
  .optional();

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
  opts: { db: Db; registry: EntityRegistry },
): Promise<void> {
  const { db, registry } = opts;
  for (const entity of registry.all) {
    const tags = [entity.entity];
    const right = (action: string) => ({ right: `${entity.rightPrefix}/${action}` });

    const listRight = `${entity.rightPrefix}/List`;
    app.get(
      entity.api,
      {
        config: { access: { right: listRight, checkedInQuery: true } },
        schema: { tags, summary: `List ${entity.entity}`, querystring: criteriaDoc },
      },
      async (request) =>
        runList(db, entity, request.query as Record<string, unknown>, {
          email: callerOf(request).email,
          right: listRight,
        }),
    );

    app.get(
      `${entity.api}/page-summarize`,
      {
        config: { access: right('List') },
        schema: { tags, summary: `Count ${entity.entity} (exact or estimated)`, querystring: criteriaDoc },
      },
      async (request) => runPageSummary(db, entity, request.query as Record<string, unknown>),
    );

    app.delete<{ Params: { id: string }; Querystring: { sqlViewName?: string; databaseName?: string } }>(
      `${entity.api}/:id`,
      { config: { access: right('Delete') }, schema: { tags, summary: `Delete one ${entity.entity}` } },
      async (request, reply) => {
        const parsed = deleteBodySchema.safeParse(request.body ?? undefined);
        if (!parsed.success) {
          return reply
            .code(400)
            .send({ message: `Invalid delete body: ${parsed.error.issues[0]?.path.join('.')}` });
        }
        const result = await runDelete(
          db,
          entity,
          request.params.id,
          (parsed.data ?? {}) as DeleteBody,
          request.query,
          callerOf(request).email,
        );
        return reply
          .code(result.isSuccess ? 200 : 404)
          .send(
            result.isSuccess
              ? { isSuccess: true, id: result.id, message: result.message ?? '' }
              : { message: result.message ?? 'Not found', isSuccess: false, id: result.id },
          );
      },
    );
  }
}
