import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PERMISSIONS, ProviderOptionSchema } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { ACTIVECAMPAIGN_LOOKUPS, activeCampaignLookup, type ActiveCampaignLookup } from '../provider-lookups.service.js';

// ActiveCampaign's lookups under /api/assets/{id}/integrations/ (docs/api.md 'Integrations'); tRPC: marketing.router.ts.
export async function activeCampaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const admin = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const asset = z.object({ id: z.string().max(100) });
  const options = { 200: oneResponseSchema(z.array(ProviderOptionSchema)) };

  for (const lookup of Object.keys(ACTIVECAMPAIGN_LOOKUPS) as ActiveCampaignLookup[]) {
    const name = lookup.replace(/-lists$/, '').replace(/-(\w)/g, (_m, letter: string) => letter.toUpperCase());
    app.get(
      `${base}/activecampaign/${lookup}`,
      {
        config: admin,
        schema: {
          tags,
          operationId: `integrations.activecampaign${name[0]?.toUpperCase()}${name.slice(1)}`,
          summary: `ActiveCampaign's ${lookup.replace(/-lists$/, '').replace('-', ' ')}`,
          params: asset,
          response: options,
        },
      },
      async (req) => ({ data: await activeCampaignLookup(deps, actorOf(req), req.params.id, lookup) }),
    );
  }
}
