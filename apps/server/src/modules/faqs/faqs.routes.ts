import { FaqOrderInputSchema, FaqOrderResultSchema } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.plugin.js';
import { reorderFaqs } from './faq-order.service.js';

// FAQ calls beside the generic resource's (faq.resource.ts): the order the FAQ screen's drag and drop keeps.
export async function faqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.patch(
    '/api/faqs/questions/order',
    {
      schema: {
        tags: ['faqs'],
        operationId: 'faqs.reorder',
        summary: 'Put the questions in a new order (the first gets order 0)',
        body: FaqOrderInputSchema,
        response: { 200: FaqOrderResultSchema },
      },
    },
    async (req) => ({ data: await reorderFaqs({ deps: app.deps, actor: actorOf(req) }, req.body) }),
  );
}
