/**
 * The user-preset calls:
 * `GET /api/presets/user[/{right}]`, `GET /api/presets/group`, `POST|PUT|DELETE /api/presets/user`,
 * `POST /api/presets/user/change`. Ownership comes from the token, never from the body.
 */
import { int4IdParam, presetRefSchema, presetWriteSchema } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, callerOf } from '../auth/access.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { groupsFor } from './preset-access.ts';
import type { PresetUrlRules } from './preset-definition.ts';
import { changeInUse, createPreset, deletePreset, updatePreset } from './preset-service.ts';
import { type StoredPreset, visiblePresets } from './preset-store.ts';

const strip = ({ ownerEmail: _owner, ...preset }: StoredPreset) => preset;
const tags = ['presets'];

export async function presetRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Pick<AppConfig, 'publicUrl' | 'redirectOrigins'> },
): Promise<void> {
  const { db } = opts;
  const rules: PresetUrlRules = {
    ownOrigin: opts.config.publicUrl,
    redirectOrigins: opts.config.redirectOrigins,
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Presets are filtered per right: only rights the caller holds.
  const forCaller = async (caller: Caller, rightName?: string) => {
    const rights = await caller.rights();
    return (await visiblePresets(db, caller.email, rightName))
      .filter((p) => rights.has(p.rightName))
      .map(strip);
  };

  api.get(
    '/api/presets/user',
    { config: { access: 'user' }, schema: { tags, summary: 'All presets visible to the caller' } },
    async (request) => forCaller(callerOf(request)),
  );

  api.get(
    '/api/presets/user/:rightName',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Presets visible to the caller for one right',
        params: z.object({ rightName: z.string().min(1).max(200) }),
      },
    },
    async (request) => forCaller(callerOf(request), request.params.rightName),
  );

  api.get(
    '/api/presets/group',
    { config: { access: 'user' }, schema: { tags, summary: 'Preset groups the caller may read' } },
    async (request) => groupsFor(db, callerOf(request).email),
  );

  api.post(
    '/api/presets/user',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Create a preset (or the caller’s state)', body: presetWriteSchema },
    },
    async (request, reply) =>
      reply.code(201).send(strip(await createPreset(db, callerOf(request), request.body, rules))),
  );

  api.put(
    '/api/presets/user/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Save a preset',
        params: z.object({ id: int4IdParam }),
        body: presetWriteSchema,
      },
    },
    async (request) =>
      strip(await updatePreset(db, callerOf(request), request.params.id, request.body, rules)),
  );

  api.delete(
    '/api/presets/user',
    { config: { access: 'user' }, schema: { tags, summary: 'Delete a preset', body: presetRefSchema } },
    async (request, reply) => {
      await deletePreset(db, callerOf(request), request.body.id, request.body.rightName);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/presets/user/change',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Change the in-use preset', body: presetRefSchema },
    },
    async (request) =>
      strip(await changeInUse(db, callerOf(request), request.body.id, request.body.rightName)),
  );
}
