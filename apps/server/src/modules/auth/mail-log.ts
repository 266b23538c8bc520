import { NOTIFICATION_LOG_STATUS } from '@crm/domain';
import type { Db } from '../../db/prisma.js';
import type { MailLog, Mailer } from '../../core/mailer.js';

// Admin > Notification logs (docs/product.md 'Notification logs'): the one place a mail's row is written. The app's
// mailer (deps.mailer) is the transport wrapped here, so every mail (an invitation, a password reset, a sign-up
// notice, a staff notification) leaves one row with its outcome, whoever sends it. The row is written after the
// transport answered, outside any caller's transaction (the mail has gone whatever the caller does next); writing it
// never fails the mail.

const MAX_ERROR = 500;

export function logMails(transport: Mailer, deps: { db: Db; log: Pick<MailLog, 'warn'> }): Mailer {
  const record = async (message: Parameters<Mailer['send']>[0], error: string | null) => {
    try {
      await deps.db.notificationLog.create({
        data: {
          companyId: message.about.companyId,
          assetId: message.about.assetId ?? null,
          userId: message.about.userId ?? null,
          channel: 'email',
          kind: message.about.kind,
          recipient: message.to,
          subject: message.subject,
          status: error === null ? NOTIFICATION_LOG_STATUS.SENT : NOTIFICATION_LOG_STATUS.FAILED,
          error: error?.slice(0, MAX_ERROR) ?? null,
        },
      });
    } catch (cause) {
      deps.log.warn({ event: 'notification-log.unwritten', err: cause, kind: message.about.kind }, 'notification log row not written');
    }
  };
  return {
    transport: transport.transport,
    async send(message) {
      try {
        await transport.send(message);
      } catch (error) {
        await record(message, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await record(message, null);
    },
  };
}
