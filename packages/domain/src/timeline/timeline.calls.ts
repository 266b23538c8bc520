import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { customerContract } from '../customers/customer.contract.js';
import { dealContract } from '../deals/deal.contract.js';
import { leadContract } from '../leads/lead.contract.js';
import { TimelineInputSchema, TimelinePageQuerySchema, TimelinePageSchema } from './timeline.schemas.js';

// The timelines (docs/api.md 'Timelines'): one call per record kind, each read by whoever may read that record.

const timeline = { tag: 'timeline', scope: 'asset', kind: 'query', input: TimelineInputSchema, output: TimelinePageSchema } as const;
const idParams = z.object({ id: z.string().max(100) });
const rest = (path: string) =>
  ({
    method: 'GET',
    path,
    params: idParams,
    query: TimelinePageQuerySchema,
    envelope: 'bare',
    toInput: ({ params, query }: { params: { id: string }; query: z.output<typeof TimelinePageQuerySchema> }) => ({
      ...query,
      id: params.id,
    }),
  }) as const;

const lead = defineCall({
  ...timeline,
  operationId: 'timeline.lead',
  summary: "A lead's timeline, newest first: activities, stages, owners, pool and SLA, messages, viewings, documents, its deal",
  access: leadContract.permissions.read,
  rest: rest('/api/timeline/leads/:id'),
});

const customer = defineCall({
  ...timeline,
  operationId: 'timeline.customer',
  summary: "A customer's timeline, newest first: theirs and their leads' and deals' entries",
  access: customerContract.permissions.read,
  rest: rest('/api/timeline/customers/:id'),
});

const deal = defineCall({
  ...timeline,
  operationId: 'timeline.deal',
  summary: "A deal's timeline, newest first: its moves and the activities of the deal and its lead",
  access: dealContract.permissions.read,
  rest: rest('/api/timeline/deals/:id'),
});

export const timelineCalls = defineCalls('timeline', { lead, customer, deal });
