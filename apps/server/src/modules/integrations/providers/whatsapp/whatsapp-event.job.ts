import { z } from 'zod';
import { WhatsAppEventSchema } from '@crm/domain';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { applyMessageStatus } from '../../../conversations/index.js';
import { receiveWhatsAppMessage } from './whatsapp-inbound.js';

// One stored WhatsApp webhook event (docs/api.md 'WhatsApp'): an inbound message lands in its lead's conversation
// (whatsapp-inbound.ts); a status change moves an outbound message's status forward. Safe to run twice: a processed
// event is left alone, a message is stored once per id, and a status never moves back.

/** A status can outrun our own write of the message it reports on (the send's answer): retried until it is there. */
export class MessageNotYetStored extends Error {
  constructor(wamid: string) {
    super(`No sent message with id ${wamid} (yet).`);
    this.name = 'MessageNotYetStored';
  }
}

/** How long a status waits for its message (the retries' backoff runs past it): then it is one we did not send. */
const STATUS_WAIT_MS = 5 * 60_000;

export const whatsAppEventJob = defineJob({
  id: 'whatsapp-event',
  payload: z.strictObject({ webhookEventId: z.uuid() }),
  // One at a time per process: a customer's messages land in the order Meta sent them, and two first messages
  // from an unknown number do not race to make two customers.
  concurrency: 1,
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ webhookEventId }, { deps }) => {
    const stored = await deps.db.webhookEvent.findUnique({ where: { id: webhookEventId }, include: { integration: true } });
    if (!stored || stored.status === 'processed') return { skipped: true };
    try {
      const event = WhatsAppEventSchema.parse(stored.payload);
      let leadId: string | null = null;
      let note: string | null = null;
      if (event.kind === 'message') leadId = (await receiveWhatsAppMessage(deps, stored.integration, event)).leadId;
      else {
        const result = await deps.db.$transaction((tx) =>
          applyMessageStatus(tx, stored.assetId, event.wamid, { status: event.status, at: new Date(event.at), error: event.error }),
        );
        const waited = deps.clock.now().getTime() - stored.createdAt.getTime();
        if (!result.found && waited < STATUS_WAIT_MS) throw new MessageNotYetStored(event.wamid);
        // Still none: a message sent from elsewhere (the WhatsApp Business app), noted and left.
        if (!result.found) note = `No message of ours with id ${event.wamid}: status ignored.`;
      }
      await deps.db.webhookEvent.update({
        where: { id: stored.id },
        data: { status: 'processed', leadId, error: note, processedAt: deps.clock.now() },
      });
      return { leadId };
    } catch (error) {
      await deps.db.webhookEvent.update({
        where: { id: stored.id },
        data: { status: 'failed', error: error instanceof Error ? error.message.slice(0, 1000) : String(error) },
      });
      throw error;
    }
  },
});
