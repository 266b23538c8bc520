import { z } from 'zod';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { CONNECT_EVENT_STATUS, ConnectEventSchema, type ConnectEvent } from './connect-event.js';
import { moveEnvelope } from './envelope-record.js';

// Applies one stored Connect event (docs/api.md 'DocuSign'): the envelope with that DocuSign id in the event's asset
// moves to the event's status at DocuSign's time, if that is forward. Other events (recipient ones) are kept, not
// applied. Safe to run twice: a processed event is left alone, and a status never moves back.

const TIME_OF: Record<string, keyof NonNullable<ConnectEvent['data']['envelopeSummary']>> = {
  sent: 'sentDateTime',
  delivered: 'deliveredDateTime',
  completed: 'completedDateTime',
  declined: 'declinedDateTime',
  voided: 'voidedDateTime',
};

const dateOr = (text: string | undefined, fallback: string) => {
  const time = Date.parse(text ?? fallback);
  return Number.isNaN(time) ? null : new Date(time);
};

export const docusignConnectJob = defineJob({
  id: 'docusign-connect',
  payload: z.strictObject({ webhookEventId: z.uuid() }),
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ webhookEventId }, { deps }) => {
    const stored = await deps.db.webhookEvent.findUnique({ where: { id: webhookEventId } });
    if (stored?.status !== 'received') return { skipped: true };
    const finish = (status: 'processed' | 'ignored' | 'failed', error: string | null = null) =>
      deps.db.webhookEvent.update({ where: { id: webhookEventId }, data: { status, error, processedAt: deps.clock.now() } });
    const event = ConnectEventSchema.safeParse(stored.payload);
    const status = event.success ? CONNECT_EVENT_STATUS[event.data.event] : undefined;
    if (!event.success || !status) {
      await finish('ignored');
      return { ignored: true };
    }
    const envelope = await deps.db.envelope.findFirst({
      where: { assetId: stored.assetId, envelopeId: event.data.data.envelopeId },
      select: { id: true },
    });
    if (!envelope) {
      await finish('failed', 'No envelope of this asset has that DocuSign id.');
      return { unknown: true };
    }
    const column = TIME_OF[status];
    const at = dateOr(column ? event.data.data.envelopeSummary?.[column] : undefined, event.data.generatedDateTime);
    const moved = await moveEnvelope(deps, envelope.id, { status, at });
    await finish('processed');
    return { moved };
  },
});
