import { isItemOrder, reorderCallOf, ReorderInputSchema, ReorderResultSchema } from '@crm/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/auth.plugin.js';
import { reorderItems, reorderRecords } from './resource-order.js';
import type { ResourceCall } from './resource.service.js';
import type { ResourceDefinition } from './resource.types.js';

// The REST door of an ordered resource's reorder call (docs/api.md 'Reorder'): its path and operationId come from the
// contract's order fact (reorderCallOf), so they are the ones the screens and integrators already call.

const IdParams = z.object({ id: z.string().max(100) });

export function registerReorderRoute(app: FastifyInstance, def: ResourceDefinition): void {
  const order = def.contract.order;
  if (!order || !def.permissions.update) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest): ResourceCall => ({ deps: app.deps, actor: actorOf(req) });
  const { path, operationId } = reorderCallOf(def.contract, order);
  const { many, within } = order.names;
  const summary = `Put the ${many} in a new order (every one of the ${within} once; the first gets order 0)`;
  if (isItemOrder(order)) {
    r.patch(
      `/api/${path}`,
      {
        schema: {
          tags: [def.tag],
          operationId,
          summary,
          params: IdParams,
          body: ReorderInputSchema,
          response: { 200: z.object({ data: def.contract.record }) },
        },
      },
      async (req) => ({ data: await reorderItems(call(req), def, req.params.id, req.body) }),
    );
    return;
  }
  r.patch(
    `/api/${path}`,
    { schema: { tags: [def.tag], operationId, summary, body: ReorderInputSchema, response: { 200: ReorderResultSchema } } },
    async (req) => ({ data: await reorderRecords(call(req), def, req.body) }),
  );
}
