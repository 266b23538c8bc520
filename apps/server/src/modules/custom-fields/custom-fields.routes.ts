import { CustomFieldValuesBodySchema, CustomFieldValuesResultSchema, LEAD_CALL_PERMISSIONS } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.plugin.js';
import { setLeadCustomFields } from '../leads/index.js';
import { setRecordCustomFields, VALUE_DOORS } from './custom-field-values.service.js';

// Custom field calls beside the generic resource's (custom-field.resource.ts, whose order fact serves the reorder):
// PATCH {path}/custom-fields/{id} of each record kind, which sets one record's values.
const IdParams = z.object({ id: z.string().max(100) });

export async function customFieldRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const door of VALUE_DOORS) {
    app.patch(
      `/api/${door.resource.path}/custom-fields/:id`,
      {
        config: { permissions: [...(door.resource.permissions.update ?? [])] },
        schema: {
          tags: [door.resource.tag],
          operationId: `${door.resource.contract.name}.setCustomFields`,
          summary: `Set a ${door.resource.label}'s custom field values (merged; null clears one)`,
          params: IdParams,
          body: CustomFieldValuesBodySchema,
          response: { 200: CustomFieldValuesResultSchema },
        },
      },
      async (req) => ({ data: await setRecordCustomFields({ deps: app.deps, actor: actorOf(req) }, door, req.params.id, req.body) }),
    );
  }
  app.patch(
    '/api/properties/leads/custom-fields/:id',
    {
      config: { permissions: [...LEAD_CALL_PERMISSIONS.update] },
      schema: {
        tags: ['leads'],
        operationId: 'leads.setCustomFields',
        summary: "Set a lead's custom field values (merged; null clears one)",
        params: IdParams,
        body: CustomFieldValuesBodySchema,
        response: { 200: CustomFieldValuesResultSchema },
      },
    },
    async (req) => ({ data: await setLeadCustomFields(app.deps, actorOf(req), req.params.id, req.body) }),
  );
}
