import type { ProviderOption } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { askIntegration, callIntegration, configList, type ActiveIntegration } from '../../active-integration.js';
import type { MarketingContact } from '../marketing-contact.js';

// ActiveCampaign's API v3 at the account's own address (`apiUrl`; a test's fake through INTEGRATION_BASE_URL_
// ACTIVECAMPAIGN), authenticated by the `Api-Token` header: contacts synced by email, added to the configured list
// and tags, and the lists, tags and custom fields the form picks from.

const auth = (integration: ActiveIntegration) => ({ 'api-token': integration.secrets.apiToken ?? '' });
type Deps = Pick<AppDeps, 'db' | 'log' | 'env'>;

/** GET one page of a collection (`lists`, `tags`, `fields`): up to 100 entries, enough for a picker. */
async function collection<T>(deps: Deps, integration: ActiveIntegration, name: string): Promise<T[]> {
  const { json } = await askIntegration(deps, integration, { method: 'GET', path: `/api/3/${name}?limit=100`, headers: auth(integration) });
  const items = (json as Record<string, unknown> | null)?.[name];
  return Array.isArray(items) ? (items as T[]) : [];
}

export async function contactLists(deps: Deps, integration: ActiveIntegration): Promise<ProviderOption[]> {
  const lists = await collection<{ id: string; name: string; stringid?: string }>(deps, integration, 'lists');
  return lists.map((list) => ({ id: String(list.id), name: String(list.name), detail: list.stringid ?? null }));
}

export async function tags(deps: Deps, integration: ActiveIntegration): Promise<ProviderOption[]> {
  const found = await collection<{ id: string; tag: string; tagType?: string }>(deps, integration, 'tags');
  return found.map((tag) => ({ id: String(tag.id), name: String(tag.tag), detail: tag.tagType ?? null }));
}

export async function fields(deps: Deps, integration: ActiveIntegration): Promise<ProviderOption[]> {
  const found = await collection<{ id: string; title: string; type?: string; perstag?: string }>(deps, integration, 'fields');
  return found.map((field) => ({
    id: String(field.id),
    name: String(field.title),
    detail: [field.type, field.perstag ? `%${field.perstag}%` : null].filter(Boolean).join(' ') || null,
  }));
}

/**
 * POST /api/3/contact/sync (create or update by email), then the configured list (POST /api/3/contactLists, status 1:
 * subscribed) and each configured tag (POST /api/3/contactTags). `fieldMap` maps our customer fields (firstName,
 * lastName, phoneNumber, customerId) to custom field ids. Answers the contact's ActiveCampaign id.
 */
export async function syncContact(
  deps: Pick<AppDeps, 'db' | 'log'>,
  integration: ActiveIntegration,
  contact: MarketingContact,
): Promise<string> {
  const fieldMap = integration.config.fieldMap;
  const values: Record<string, string | null> = {
    firstName: contact.firstName,
    lastName: contact.lastName,
    phoneNumber: contact.phoneNumber,
    customerId: contact.customerId,
  };
  const fieldValues =
    fieldMap && typeof fieldMap === 'object' && !Array.isArray(fieldMap)
      ? Object.entries(fieldMap).flatMap(([ours, field]) => {
          const value = values[ours];
          return value ? [{ field: String(field), value }] : [];
        })
      : [];
  const synced = await callIntegration(deps, integration, {
    method: 'POST',
    path: '/api/3/contact/sync',
    headers: auth(integration),
    json: {
      contact: {
        email: contact.email,
        firstName: contact.firstName,
        ...(contact.lastName ? { lastName: contact.lastName } : {}),
        ...(contact.phoneNumber ? { phone: contact.phoneNumber } : {}),
        ...(fieldValues.length ? { fieldValues } : {}),
      },
    },
  });
  const id = (synced.json as { contact?: { id?: string | number } } | null)?.contact?.id;
  if (id === undefined) throw new Error('ActiveCampaign answered the contact sync without a contact id.');
  const contactId = String(id);
  const listId = typeof integration.config.listId === 'string' ? integration.config.listId : null;
  if (listId) {
    await callIntegration(deps, integration, {
      method: 'POST',
      path: '/api/3/contactLists',
      headers: auth(integration),
      json: { contactList: { list: listId, contact: contactId, status: 1 } },
    });
  }
  for (const tag of configList(integration.config, 'tagIds')) {
    await callIntegration(deps, integration, {
      method: 'POST',
      path: '/api/3/contactTags',
      headers: auth(integration),
      json: { contactTag: { contact: contactId, tag } },
    });
  }
  return contactId;
}
