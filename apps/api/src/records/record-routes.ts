/**
 * Record routes for every catalogue entity: read one, create, update, bulk update, delete, publish
 * and set active customer. Each write route is a thin handler over the write path (write-path.ts):
 * its right comes from `writeRight`, and is checked before anything else; the procedure comes from
 * the catalogue.
 */

import { bulkSavePayloadSchema, savePayloadSchema } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityRight } from '../../catalog/entity-spec.ts';
import { callerOf } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { storedPresetCheck } from '../presets/preset-definition.ts';
import { bulkUpdate } from './bulk-update.ts';
import {
  createRecord,
  type DeleteBody,
  deleteRecord,
  publishRecord,
  readRecord,
  updateRecord,
} from './record-service.ts';
import { setIsActiveCustomer } from './set-active-customer.ts';
import { writeRight } from './write-path.ts';

const idParams = z.object({ id: z.string().max(40) });
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
  opts: { db: Db; registry: EntityRegistry; config: Pick<AppConfig, 'publicUrl' | 'redirectOrigins'> },
): Promise<void> {
  const { db, registry } = opts;
  const presetRules = { ownOrigin: opts.config.publicUrl, redirectOrigins: opts.config.redirectOrigins };
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const entity of registry.all) {
    const tags = [entity.entity];
    // A record that is a preset is checked as stored, as every other route storing one checks it.
    const afterWrite = storedPresetCheck(entity.entity, presetRules);
    const right = (action: string) => entityRight(entity, action);

    if (entity.procedures.delete) {
      api.delete(
        `${entity.api}/:id`,
        {
          config: { access: { right: writeRight(entity, 'delete') } },
          schema: {
            tags,
            summary: `Delete one ${entity.entity}`,
            // Any text: the handler tells a malformed id apart ("The id must be a whole number").
            params: z.object({ id: z.string() }),
            querystring: sourceQuery,
          },
        },
        async (request, reply) => {
          // The body is optional and parsed here, so a bad one is named like the other refusals.
          const parsed = deleteBodySchema.safeParse(request.body ?? undefined);
          if (!parsed.success) {
            const path = parsed.error.issues[0]?.path.join('.');
            throw new HttpError(400, `Invalid delete body: ${path}`);
          }
          const body: DeleteBody = parsed.data ?? {};
          return reply.send(
            await deleteRecord(db, entity, request.params.id, body, request.query, callerOf(request).email),
          );
        },
      );
    }

    if (entity.procedures.setIsActiveCustomer) {
      // Before the record routes: a static path, so `PUT {api}/:id` never takes it for an id.
      api.put(
        `${entity.api}/setIsActiveCustomer`,
        {
          config: { access: { right: writeRight(entity, 'setIsActiveCustomer') } },
          // The body is parsed by the handler, so a bad one is a 400 naming its field.
          schema: { tags, summary: `Make one ${entity.entity} the active customer of its number` },
        },
        async (request) => setIsActiveCustomer(db, entity, request.body, callerOf(request).email),
      );
    }

    if (!entity.record) continue;

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
        const record = await readRecord(
          db,
          entity,
          request.params.id,
          request.query,
          callerOf(request).email,
        );
        if (!record) throw new HttpError(404, `The ${entity.entity.toLowerCase()} does not exist`);
        return record;
      },
    );

    if (entity.procedures.create) {
      api.post(
        entity.api,
        {
          config: { access: { right: writeRight(entity, 'create') } },
          schema: { tags, summary: `Create a ${entity.entity}`, body: savePayloadSchema },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(await createRecord(db, entity, request.body, callerOf(request).email, afterWrite)),
      );
    }

    if (entity.procedures.update) {
      api.put(
        `${entity.api}/:id`,
        {
          config: { access: { right: writeRight(entity, 'update') } },
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
            afterWrite,
          ),
      );
    }

    if (entity.procedures.bulkupdate) {
      const handler = {
        config: { access: { right: writeRight(entity, 'bulkupdate') } },
        schema: {
          tags,
          summary: `Bulk update ${entity.entity}`,
          description:
            'The marked fields go to every record the `filters` query matches, or, with `ids`, to exactly those records; each id must match the filter and be one the caller may list, else 400 naming `ids` and nothing changes.',
          querystring: bulkQuery,
          body: bulkSavePayloadSchema,
        },
      };
      for (const path of new Set([entity.api, entity.bulkPath ?? entity.api])) {
        api.put(path, handler, async (request) =>
          bulkUpdate(db, entity, request.query.filters, request.body, callerOf(request).email, afterWrite),
        );
      }
    }

    if (entity.procedures.publish) {
      api.post(
        `${entity.api}/publish`,
        {
          config: { access: { right: writeRight(entity, 'publish') } },
          schema: {
            tags,
            summary: `Publish a ${entity.entity}`,
            body: z.object({
              id: z.union([z.number().int(), z.string().max(20)]),
              storeProcedure: z.string().max(200).optional(),
            }),
          },
        },
        async (request) => publishRecord(db, entity, request.body, callerOf(request).email),
      );
    }
  }
}
