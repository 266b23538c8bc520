import { EnvelopeResponseSchema, EnvelopeSendInputSchema, PERMISSIONS as P } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { sendForSignature } from './envelope.service.js';

// POST envelopes/send beside the envelopes' generic read calls (envelope.resource.ts).
export async function envelopeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/envelopes/send',
    {
      config: { permissions: [P.LEAD_UPDATE] },
      schema: {
        tags: ['envelopes'],
        operationId: 'envelopes.send',
        summary: "Send a PDF of Storage to the lead's customer for signature (DocuSign)",
        body: EnvelopeSendInputSchema,
        response: { 202: EnvelopeResponseSchema },
      },
    },
    async (req, reply) => {
      const record = await sendForSignature(app.deps, actorOf(req), req.body);
      return reply.code(202).send({ data: EnvelopeResponseSchema.shape.data.parse(record) });
    },
  );
}
