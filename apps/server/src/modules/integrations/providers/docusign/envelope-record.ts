import { envelopeContract, ENVELOPE_STATUS_RANK, type EnvelopeStatus } from '@crm/domain';
import type { Clock } from '../../../../core/deps.js';
import type { Db } from '../../../../db/prisma.js';
import { recordActivity } from '../../../../resources/activity-log.js';
import { lockRows } from '../../../../resources/unit-of-work.js';

// How an envelope's status moves (docs/api.md 'DocuSign'): by the send job (sent or failed) and by Connect events
// (delivered, completed, declined, voided), only ever forward, each change with its time and its activity log row
// (no user: DocuSign made it).

const TIME_COLUMN: Partial<Record<EnvelopeStatus, 'sentAt' | 'deliveredAt' | 'completedAt' | 'declinedAt' | 'voidedAt'>> = {
  sent: 'sentAt',
  delivered: 'deliveredAt',
  completed: 'completedAt',
  declined: 'declinedAt',
  voided: 'voidedAt',
};

export interface EnvelopeChange {
  status: EnvelopeStatus;
  /** When it happened (DocuSign's time), else now. */
  at?: Date | null;
  envelopeId?: string;
  error?: string | null;
}

/** Moves the envelope to the status, if that is forward; answers whether it moved. Locks the row meanwhile. */
export async function moveEnvelope(deps: { db: Db; clock: Clock }, id: string, change: EnvelopeChange): Promise<boolean> {
  return deps.db.$transaction(async (tx) => {
    await lockRows(tx, 'Envelope', [id]);
    const current = await tx.envelope.findUnique({ where: { id } });
    if (!current) return false;
    const from = current.status as EnvelopeStatus;
    const forward = (ENVELOPE_STATUS_RANK[change.status] ?? 0) > (ENVELOPE_STATUS_RANK[from] ?? 0);
    if (!forward) return false;
    const now = deps.clock.now();
    const column = TIME_COLUMN[change.status];
    const data = {
      status: change.status,
      ...(column ? { [column]: change.at ?? now } : {}),
      ...(change.envelopeId ? { envelopeId: change.envelopeId } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
    };
    await tx.envelope.update({ where: { id }, data });
    const before = Object.fromEntries(Object.keys(data).map((key) => [key, current[key as keyof typeof current] ?? null]));
    await recordActivity(
      tx,
      [
        {
          userId: null,
          companyId: current.companyId,
          assetId: current.assetId,
          action: 'update',
          subjectType: envelopeContract.name,
          subjectId: id,
          before,
          after: data,
        },
      ],
      now,
    );
    return true;
  });
}
