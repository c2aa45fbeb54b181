/**
 * Record routes for every catalogue entity with a record view: read one, create, update, bulk
 * update and publish. Rights are checked before anything else; the body is
 * the save payload; the procedure comes from the catalogue.
 */
import { savePayloadSchema } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { bulkUpdate } from './bulk-update.ts';
import { createRecord, publishRecord, readRecord, updateRecord } from './record-service.ts';

const idParams = z.object({ id: z.string().max(40) });
const sourceQuery = z.object({
  sqlViewName: z.string().max(100).optional(),
  databaseName: z.string().max(100).optional(),
});
const bulkQuery = z.object({
  filters: z
    .string()
    .max(256 * 1024)
    .optional(),
});

export async function recordRoutes(
  app: FastifyInstance,
  opts: { db: Db; registry: EntityRegistry },
): Promise<void> {
  const { db, registry } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const entity of registry.all) {
    if (!entity.record) continue;
    const tags = [entity.entity];
    const right = (action: string) => `${entity.rightPrefix}/${action}`;

    api.get(
      `${entity.api}/:id`,
      {
        config: { access: { anyOf: [right('View'), right('Edit')] } },
        schema: {
          tags,
          summary: `One ${entity.entity} with its rowVersion`,
          params: idParams,
          querystring: sourceQuery,
        },
      },
      async (request) => {
        const record = await readRecord(db, entity, request.params.id, request.query);
        if (!record) throw new HttpError(404, `The ${entity.entity.toLowerCase()} does not exist`);
        return record;
      },
    );

    if (entity.procedures.create) {
      api.post(
        entity.api,
        {
          config: { access: { right: right('Create') } },
          schema: { tags, summary: `Create a ${entity.entity}`, body: savePayloadSchema },
        },
        async (request, reply) =>
          reply.code(201).send(await createRecord(db, entity, request.body, callerOf(request).email)),
      );
    }

    if (entity.procedures.update) {
      api.put(
        `${entity.api}/:id`,
        {
          config: { access: { right: right('Edit') } },
          schema: {
            tags,
            summary: `Update a ${entity.entity} (rowVersion required)`,
            params: idParams,
            body: savePayloadSchema,
          },
        },
        async (request) =>
          updateRecord(
            db,
            entity,
            request.params.id,
            request.body,
            callerOf(request).email,
            request.headers['if-match'],
          ),
      );
    }

    if (entity.procedures.bulkupdate) {
      const handler = {
        config: { access: { right: right('BulkEdit') } },
        schema: {
          tags,
          summary: `Bulk update ${entity.entity}`,
          querystring: bulkQuery,
          body: savePayloadSchema,
        },
      };
      for (const path of new Set([entity.api, entity.bulkPath ?? entity.api])) {
        api.put(path, handler, async (request) =>
          bulkUpdate(db, entity, request.query.filters, request.body, callerOf(request).email),
        );
      }
    }

    if (entity.procedures.publish) {
      api.post(
        `${entity.api}/publish`,
        {
          config: { access: { right: right('Publish') } },
          schema: {
            tags,
            summary: `Publish a ${entity.entity}`,
            body: z.object({ id: z.union([z.number().int(), z.string().max(20)]) }),
          },
        },
        async (request) => publishRecord(db, entity, request.body.id, callerOf(request).email),
      );
    }
  }
}
