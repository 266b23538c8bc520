import type { ProviderOption } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { MailMessage } from '../../../../core/mailer.js';
import { askIntegration, callIntegration, configList, type ActiveIntegration } from '../../active-integration.js';
import type { MarketingContact } from '../marketing-contact.js';

// SendGrid's Web API v3 (Bearer API key): mail send, the Marketing contact lists, and contacts upserted into them.
// Every call is logged with its bodies redacted (provider-call.ts).

const auth = (integration: ActiveIntegration) => ({ authorization: `Bearer ${integration.secrets.apiKey ?? ''}` });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** POST /v3/mail/send: one mail from the asset's sender. SendGrid answers 202 with no body. */
export async function sendMail(deps: Pick<AppDeps, 'db' | 'log'>, integration: ActiveIntegration, message: MailMessage): Promise<void> {
  await callIntegration(deps, integration, {
    method: 'POST',
    path: '/v3/mail/send',
    headers: auth(integration),
    json: {
      personalizations: [{ to: [{ email: message.to }] }],
      from: { email: text(integration.config.fromEmail), name: text(integration.config.fromName) },
      subject: message.subject,
      content: [{ type: 'text/plain', value: message.text }, ...(message.html ? [{ type: 'text/html', value: message.html }] : [])],
    },
  });
}

interface SendGridList {
  id: string;
  name: string;
  contact_count?: number;
}

/** GET /v3/marketing/lists: the account's contact lists, for the form's default lists. */
export async function contactLists(deps: Pick<AppDeps, 'db' | 'log' | 'env'>, integration: ActiveIntegration): Promise<ProviderOption[]> {
  const { json } = await askIntegration(deps, integration, {
    method: 'GET',
    path: '/v3/marketing/lists?page_size=1000',
    headers: auth(integration),
  });
  const result = (json as { result?: SendGridList[] } | null)?.result ?? [];
  return result.map((list) => ({
    id: String(list.id),
    name: String(list.name),
    detail: typeof list.contact_count === 'number' ? `${list.contact_count} contacts` : null,
  }));
}

/** PUT /v3/marketing/contacts: adds or updates the contacts (by email) in the configured lists; SendGrid queues it (202). */
export async function upsertContacts(
  deps: Pick<AppDeps, 'db' | 'log'>,
  integration: ActiveIntegration,
  contacts: MarketingContact[],
): Promise<string | null> {
  const listIds = configList(integration.config, 'defaultListIds');
  const { json } = await callIntegration(deps, integration, {
    method: 'PUT',
    path: '/v3/marketing/contacts',
    headers: auth(integration),
    json: {
      ...(listIds.length ? { list_ids: listIds } : {}),
      contacts: contacts.map((contact) => ({
        email: contact.email,
        first_name: contact.firstName,
        ...(contact.lastName ? { last_name: contact.lastName } : {}),
        ...(contact.phoneNumber ? { phone_number: contact.phoneNumber } : {}),
        external_id: contact.customerId,
      })),
    },
  });
  return (json as { job_id?: string } | null)?.job_id ?? null;
}
