import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountResponseSchema, DistinctResponseSchema, LIST_FILTER_LIMITS } from '@crm/domain';
import { actorOf } from '../plugins/auth.plugin.js';
import { EXPORT_FILE_RESPONSE } from '../plugins/openapi-files.js';
import { EXPORT_FORMATS, EXPORT_LIMITS, exportRecords } from './resource-export.js';
import { registerReorderRoute } from './resource-order.routes.js';
import {
  countRecords,
  distinctValues,
  findOneRecord,
  findRecordById,
  listRecords,
  searchRecords,
  type ResourceCall,
} from './resource.service.js';
import { createRecord, forceRemoveRecord, patchRecord, removeRecord, restoreRecord, upsertRecord } from './resource-write.service.js';
import type { ResourceDefinition } from './resource.types.js';

// The REST door of every resource (docs/api.md 'Resource calls'): the same paths for each, generated from its
// definition. Handlers only read the request and call the service; the service checks permissions and tenancy.

const filterParam = z
  .string()
  .max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH)
  .optional()
  .describe('ListFilter as JSON: page, limit, skip, sort, select, populate, query');
const assetParam = z.string().optional().describe('Work in another of your assets');
const FilterQuery = z.object({ filter: filterParam, asset: assetParam });
const SearchQuery = FilterQuery.extend({
  keyword: z.string().max(200).optional().describe('Text matched case-insensitively over the search fields'),
  q: z.string().max(200).optional().describe('Same as keyword'),
});
const ExportQuery = FilterQuery.extend({ format: z.enum(EXPORT_FORMATS).default('csv') });
const EXPORT_DESCRIPTION =
  'Every matching row (or the `skip`/`limit` range of the filter), streamed. CSV (UTF-8 with BOM) by default; ' +
  `\`format=xlsx\` holds at most ${EXPORT_LIMITS.XLSX_MAX_ROWS} rows per file (more answers 400: export ranges or CSV). ` +
  "Every export writes the same cells: the list's columns, booleans Yes/No, dates in the caller's X-Timezone (ISO 8601 " +
  'with the offset in CSV, date cells in XLSX), numbers as numbers. ' +
  "No matching row answers 404 with the message 'Data is empty'.";
const IdParams = z.object({ id: z.string().max(100) });

/**
 * Body schemas document the routes; the service validates bodies itself (so tRPC gets the same check), so
 * the route validator leaves bodies to it. Query strings and params are validated here.
 */
const bodyLeftToService: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

function registerResource(app: FastifyInstance, def: ResourceDefinition) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contract } = def;
  const base = `/api/${def.path}`;
  const tags = [def.tag];
  const call = (req: FastifyRequest): ResourceCall => ({ deps: app.deps, actor: actorOf(req) });
  const label = def.label;
  const own = new Set(def.facts.ownRoutes ?? []);
  /** `customers.list`: unique across the document, stable for generated clients. */
  const op = (verb: string) => `${contract.name}.${verb}`;
  const one = z.object({ data: contract.row });
  const record = z.object({ data: contract.record });

  r.get(
    base,
    {
      schema: {
        tags,
        operationId: op('list'),
        summary: `List ${label} records`,
        querystring: FilterQuery,
        response: { 200: contract.listResponse },
      },
    },
    async (req) => listRecords(call(req), def, req.query.filter),
  );
  r.get(
    `${base}/count`,
    {
      schema: {
        tags,
        operationId: op('count'),
        summary: `Count ${label} records`,
        querystring: FilterQuery,
        response: { 200: CountResponseSchema },
      },
    },
    async (req) => ({ data: await countRecords(call(req), def, req.query.filter) }),
  );
  r.get(
    `${base}/one`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: op('one'),
        summary: `First ${label} matching the filter`,
        querystring: FilterQuery,
        response: { 200: one },
      },
    },
    async (req) => ({ data: await findOneRecord(call(req), def, req.query.filter) }),
  );
  if (def.search.length && !own.has('search')) {
    r.get(
      `${base}/search`,
      {
        schema: {
          tags,
          operationId: op('search'),
          summary: `Search ${label} records (${def.search.join(', ')})`,
          querystring: SearchQuery,
          response: { 200: contract.listResponse },
        },
      },
      async (req) => searchRecords(call(req), def, req.query.filter, req.query.keyword ?? req.query.q),
    );
  }
  if (def.distinct.size) {
    r.get(
      `${base}/distinct/:field`,
      {
        schema: {
          tags,
          operationId: op('distinct'),
          summary: `Distinct values of a ${label} field (${[...def.distinct].join(', ')})`,
          params: z.object({ field: z.enum(contract.keys.distinct as [string, ...string[]]) }),
          querystring: FilterQuery,
          response: { 200: DistinctResponseSchema },
        },
      },
      async (req) => ({ data: await distinctValues(call(req), def, req.params.field, req.query.filter) }),
    );
  }
  if (!own.has('export'))
    r.get(
      `${base}/export`,
      {
        config: { errors: ['NOT_FOUND'] },
        schema: {
          tags,
          operationId: op('export'),
          summary: `Export matching ${label} records as CSV or XLSX`,
          description: EXPORT_DESCRIPTION,
          querystring: ExportQuery,
          response: { 200: EXPORT_FILE_RESPONSE },
        },
      },
      async (req, reply) => {
        const file = await exportRecords(call(req), def, req.query.filter, req.query.format, req.timezone);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        operationId: op('byId'),
        summary: `One ${label} by id`,
        params: IdParams,
        querystring: FilterQuery,
        response: { 200: one },
      },
    },
    async (req) => ({ data: await findRecordById(call(req), def, req.params.id, req.query.filter) }),
  );

  // Before `PATCH {path}/:id`: `PATCH {path}/order` is a static path of its own.
  registerReorderRoute(app, def);
  if (def.permissions.create && def.createSchema) {
    r.post(
      base,
      {
        schema: {
          tags,
          operationId: op('create'),
          summary: `Create a ${label}`,
          body: def.createSchema,
          querystring: FilterQuery,
          response: { 201: record },
        },
      },
      async (req, reply) => reply.status(201).send({ data: await createRecord(call(req), def, req.body) }),
    );
  }
  if (def.upsertKey && def.createSchema) {
    r.post(
      `${base}/chekinio`,
      {
        schema: {
          tags,
          operationId: op('upsert'),
          summary: `Create or update a ${label} by ${def.upsertKey}`,
          description: `201 when created, 200 when the live ${label} with the same ${def.upsertKey} was updated.`,
          body: def.upsertSchema ?? def.createSchema,
          querystring: FilterQuery,
          response: { 200: record, 201: record },
        },
      },
      async (req, reply) => {
        const result = await upsertRecord(call(req), def, req.body);
        return reply.status(result.created ? 201 : 200).send({ data: result.data });
      },
    );
  }
  if (def.permissions.update && def.updateSchema) {
    r.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          operationId: op('update'),
          summary: `Update a ${label}`,
          params: IdParams,
          body: def.updateSchema,
          querystring: FilterQuery,
          response: { 200: record },
        },
      },
      async (req) => ({ data: await patchRecord(call(req), def, req.params.id, req.body) }),
    );
  }
  if (def.permissions.delete) {
    const summary = def.softDelete ? `Soft-delete a ${label}` : `Delete a ${label}`;
    r.delete(
      `${base}/:id`,
      { schema: { tags, operationId: op('remove'), summary, params: IdParams, querystring: FilterQuery, response: { 200: record } } },
      async (req) => ({ data: await removeRecord(call(req), def, req.params.id) }),
    );
    r.delete(
      `${base}/:id/force`,
      {
        schema: {
          tags,
          operationId: op('forceRemove'),
          summary: `Delete a ${label} for good`,
          params: IdParams,
          querystring: FilterQuery,
          response: { 200: record },
        },
      },
      async (req) => ({ data: await forceRemoveRecord(call(req), def, req.params.id) }),
    );
    if (def.softDelete) {
      r.get(
        `${base}/:id/restore`,
        {
          schema: {
            tags,
            operationId: op('restore'),
            summary: `Restore a soft-deleted ${label}`,
            params: IdParams,
            querystring: FilterQuery,
            response: { 200: record },
          },
        },
        async (req) => ({ data: await restoreRecord(call(req), def, req.params.id) }),
      );
    }
  }
}

/** The REST routes of the given resources (the composition root passes every module's). */
export function resourceRoutes(resources: readonly ResourceDefinition[]) {
  const paths = new Set(resources.map((def) => def.path));
  if (paths.size !== resources.length) throw new Error('Two resources share a path');
  return async function resourceRoutesPlugin(app: FastifyInstance) {
    // Scoped to this plugin (encapsulated): other modules keep the zod body validation.
    app.setValidatorCompiler(bodyLeftToService);
    for (const def of resources) registerResource(app, def);
  };
}
