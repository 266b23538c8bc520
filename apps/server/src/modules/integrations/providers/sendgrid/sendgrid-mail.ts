import type { AppDeps } from '../../../../core/deps.js';
import type { Mailer } from '../../../../core/mailer.js';
import { activeIntegration } from '../../active-integration.js';
import { sendMail } from './sendgrid-client.js';

// The mail transport of an asset that has SendGrid configured and switched on (mailer.ts withAssetTransport): its
// staff notifications and invitations go out through POST /v3/mail/send from its own sender. A SendGrid failure is
// the send's failure (the notification is marked failed), never a silent fallback to SMTP.

export async function sendGridMailTransport(deps: Pick<AppDeps, 'db' | 'env' | 'log'>, assetId: string): Promise<Mailer | null> {
  const integration = await activeIntegration(deps, assetId, 'sendgrid');
  if (!integration) return null;
  return { transport: 'sendgrid', send: (message) => sendMail(deps, integration, message) };
}
