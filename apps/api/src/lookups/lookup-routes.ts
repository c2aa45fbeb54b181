/**
 * Lookups and screen metadata: `GET /api/dropdowns/{name}` (registered views only, each behind the
 * rights its catalogue entry declares; `name` filters an autocomplete), `GET /api/pageconfigs` (every config; screens guard them by right), and
 * `POST /api/validation/{codeType}` (real parsers in a worker pool, see code-validation).
 */
import { CODE_VALIDATORS, codeValidationSchema } from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LookupFilterType } from '../../areas/manifest.ts';
import { DROPDOWNS } from '../../catalog/dropdowns.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { PAGE_CONFIGS } from '../../catalog/page-configs.ts';
import { callerOf, missingRight } from '../auth/access.ts';
import { registeredView } from '../catalog/sources.ts';
import {
  type CodeValidationLimits,
  createValidationPool,
  ValidationBusyError,
} from '../code-validation/validation-pool.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import { codeFieldRights } from '../files/form-field-rights.ts';
import { HttpError } from '../http/http-error.ts';

const dropdownQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
    name: z.string().max(200).optional(),
    sqlViewName: z.string().max(100).optional(),
    databaseName: z.string().max(100).optional(),
  })
  // A lookup's own filters (locationTypeId, countryId, …) pass through to its spec's list.
  .loose();

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A lookup filter's value from the query string; a malformed one is a 400 naming the parameter. */
function filterValue(
  param: string,
  type: LookupFilterType,
  raw: unknown,
): number | boolean | string | undefined {
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? String(raw[0]) : String(raw);
  if (type === 'boolean') {
    if (text === '' || text === 'true') return true;
    if (text === 'false') return false;
  } else if (type === 'text') {
    if (text.length <= 200 && !text.includes('\u0000')) return text;
  } else if (/^\d{1,9}$/.test(text)) return Number(text);
  const expected = {
    boolean: 'true or false',
    integer: 'a whole number',
    text: 'text of at most 200 characters',
  };
  throw new HttpError(400, `${param}: ${expected[type]} expected`, { [param]: 'Is not acceptable' });
}

export async function lookupRoutes(
  app: FastifyInstance,
  opts: { reads: ReadRouter; codeValidation: CodeValidationLimits },
): Promise<void> {
  // A lookup reads where the caller's reads go: a replica that has their own writes, else the primary.
  const { reads } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const dropdowns = new Map(DROPDOWNS.map((d) => [d.name.toLowerCase(), d]));

  api.get(
    '/api/dropdowns/:name',
    {
      config: { access: 'user' },
      schema: {
        tags: ['lookups'],
        summary: 'Master-data lookup',
        params: z.object({ name: z.string().max(100) }),
        querystring: dropdownQuery,
      },
    },
    async (request, reply) => {
      const spec = dropdowns.get(request.params.name.toLowerCase());
      if (!spec) throw new HttpError(404, `Unknown lookup ${request.params.name.slice(0, 50)}`);
      const held = await callerOf(request).rights();
      if (!spec.rights.some((right) => held.has(right))) {
        return reply.code(403).send(missingRight(spec.rights.join(' or ')));
      }
      const { name, pageSize } = request.query;
      // A lookup reads its one view, in the main database.
      registeredView(
        { entity: `lookup ${spec.name}`, view: spec.view, views: [spec.view], dataSources: ['main'] },
        request.query,
      );
      const columns = spec.columns.map(quoteIdent).join(', ');
      const params: unknown[] = [pageSize];
      const conditions: string[] = [];
      if (name) {
        params.push(`%${likeEscape(name)}%`);
        conditions.push(`${quoteIdent(spec.searchColumn)} ILIKE $${params.length}`);
      }
      const raw = request.query as Record<string, unknown>;
      for (const [param, filter] of Object.entries(spec.filters ?? {})) {
        const value = filterValue(param, filter.type, raw[param]);
        if (value === undefined) continue;
        params.push(value);
        conditions.push(`${quoteIdent(filter.column)} = $${params.length}`);
      }
      const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
      const { rows } = await reads.read(callerOf(request).email, (db) =>
        db.query(
          `SELECT ${columns} FROM ${quoteIdent(spec.view)}${where} ORDER BY ${quoteIdent(spec.orderBy)} LIMIT $1`,
          params,
        ),
      );
      return { data: rows };
    },
  );

  // Every config is listed: the screen guards each page by its action rights, so a user without
  // them sees the 401 screen (with the denial logged), not a misleading 404. Configs hold routes
  // and right names, nothing a signed-in user may not know.
  api.get(
    '/api/pageconfigs',
    { config: { access: 'user' }, schema: { tags: ['lookups'], summary: 'Page configs' } },
    async () => PAGE_CONFIGS,
  );

  // Parsing runs in a worker pool with size, time and queue limits (validation-pool.ts), and only
  // for the Create or Edit right of a form with a code field (computed once from the catalogue).
  const validationPool = createValidationPool(opts.codeValidation, (err) =>
    app.log.error({ err }, 'code validation worker failed'),
  );
  app.addHook('onClose', () => validationPool.close());
  api.post(
    '/api/validation/:codeType',
    {
      config: { access: { anyOf: codeFieldRights() }, rateLimit: { max: 120, timeWindow: '1 minute' } },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['lookups'],
        summary: 'Validate code with a real parser',
        params: z.object({ codeType: z.enum(CODE_VALIDATORS) }),
        body: codeValidationSchema,
      },
    },
    async (request, reply) => {
      try {
        return await validationPool.validate(request.params.codeType, request.body.code);
      } catch (error) {
        if (error instanceof ValidationBusyError) reply.header('retry-after', '1');
        throw error;
      }
    },
  );
}
