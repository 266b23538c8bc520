import {
  integrationProviders,
  isApprovedTemplate,
  templateParameterCount,
  WhatsAppErrorAnswerSchema,
  WhatsAppSendAnswerSchema,
  WhatsAppTemplatesPageSchema,
  type WhatsAppTemplate,
} from '@crm/domain';
import type { z } from 'zod';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { integrationUnavailable, requireIntegration } from '../../integration-guard.js';
import { openSecrets, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider, callProviderApi, ProviderCallError, type ProviderAnswer, type ProviderCall } from '../../provider-call.js';

// The WhatsApp Business Cloud API (Graph API, docs/api.md 'WhatsApp'): the asset's account (its config and access
// token, read only to call Meta), the bodies of `POST /{phone-number-id}/messages`, and the template list.

export type WhatsAppConfig = z.infer<(typeof integrationProviders)['whatsapp']['config']>;

export interface WhatsAppAccount {
  row: IntegrationRow;
  config: WhatsAppConfig & { wabaId: string; phoneNumberId: string };
  /** The Graph API's Authorization header: never in an answer or a log line (the log redacts it). */
  headers: Record<string, string>;
}

export const WHATSAPP_LABEL = integrationProviders.whatsapp.label;
/** Templates are sent in the config's language unless the send names another. */
export const DEFAULT_TEMPLATE_LANGUAGE = 'en';
const MAX_TEMPLATE_PAGES = 10;

/** The asset's WhatsApp account, or the guard's 409 when it is not configured or switched off. */
export async function whatsAppAccount(
  deps: Pick<AppDeps, 'db' | 'env'>,
  assetId: string,
  options: { allowDisabled?: boolean } = {},
): Promise<WhatsAppAccount> {
  const row = await requireIntegration(deps, assetId, 'whatsapp', options);
  return accountOf(deps, row);
}

export function accountOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow): WhatsAppAccount {
  const parsed = integrationProviders.whatsapp.config.safeParse(storedConfig(row));
  const config = parsed.success ? parsed.data : null;
  const { wabaId, phoneNumberId } = config ?? {};
  if (!config || !wabaId || !phoneNumberId) throw integrationUnavailable('whatsapp', 'NOT_CONFIGURED');
  const secrets = openSecrets(deps, row);
  return { row, config: { ...config, wabaId, phoneNumberId }, headers: { authorization: `Bearer ${secrets.accessToken ?? ''}` } };
}

export type WhatsAppContent =
  | { kind: 'text'; text: string }
  | { kind: 'template'; name: string; language: string; parameters: readonly string[] };

/** The send body for one recipient (their WhatsApp id, E.164 digits). */
export function sendBody(to: string, content: WhatsAppContent): object {
  const common = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (content.kind === 'text') return { ...common, type: 'text', text: { preview_url: false, body: content.text } };
  return {
    ...common,
    type: 'template',
    template: {
      name: content.name,
      language: { code: content.language },
      ...(content.parameters.length
        ? { components: [{ type: 'body', parameters: content.parameters.map((text) => ({ type: 'text', text })) }] }
        : {}),
    },
  };
}

const sendCall = (account: WhatsAppAccount, to: string, content: WhatsAppContent): ProviderCall => ({
  method: 'POST',
  path: `/${encodeURIComponent(account.config.phoneNumberId)}/messages`,
  headers: account.headers,
  json: sendBody(to, content),
});

/** Meta's reason for a refused call ('(#131047) Re-engagement message ...'), or the HTTP status. */
export function graphError(answer: ProviderAnswer): string {
  const parsed = WhatsAppErrorAnswerSchema.safeParse(answer.json);
  if (!parsed.success) return `HTTP ${answer.status}`;
  const { message, code, error_data: data } = parsed.data.error;
  return [code ? `(#${code})` : null, message, data?.details].filter(Boolean).join(' ') || `HTTP ${answer.status}`;
}

/** The message id of an accepted send; a 2xx without one is not taken for a success. */
function messageIdOf(answer: ProviderAnswer): string | null {
  const parsed = WhatsAppSendAnswerSchema.safeParse(answer.json);
  return parsed.success ? (parsed.data.messages[0]?.id ?? null) : null;
}

/** A user's send: the message id, or Meta's refusal (4xx) as text; 5xx and no answer are the 503 of callProviderApi. */
export async function sendForUser(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: WhatsAppAccount,
  to: string,
  content: WhatsAppContent,
): Promise<{ ok: true; wamid: string } | { ok: false; reason: string }> {
  const answer = await callProviderApi(deps, 'whatsapp', account.row, sendCall(account, to, content));
  const wamid = answer.status >= 200 && answer.status < 300 ? messageIdOf(answer) : null;
  return wamid ? { ok: true, wamid } : { ok: false, reason: graphError(answer) };
}

/** A job's send: the message id; anything else throws ProviderCallError (retryable for 408, 429, 5xx, no answer). */
export async function sendForJob(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: WhatsAppAccount,
  to: string,
  content: WhatsAppContent,
): Promise<string> {
  const baseUrl = providerBaseUrl(deps.env, 'whatsapp', storedConfig(account.row));
  if (!baseUrl) throw new ProviderCallError(`${WHATSAPP_LABEL} has no API address in this deployment.`, null, false);
  const answer = await callProvider(deps, account.row, WHATSAPP_LABEL, baseUrl, sendCall(account, to, content));
  const wamid = messageIdOf(answer);
  if (!wamid) throw new ProviderCallError(`${WHATSAPP_LABEL} accepted the send but answered no message id.`, answer.status, false);
  return wamid;
}

/** GET /{waba-id}/message_templates, every page (up to 10 pages of 100). */
export async function listTemplates(deps: Pick<AppDeps, 'db' | 'env' | 'log'>, account: WhatsAppAccount): Promise<WhatsAppTemplate[]> {
  const templates: WhatsAppTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_TEMPLATE_PAGES; page += 1) {
    const query = new URLSearchParams({ limit: '100', fields: 'id,name,language,status,category,components' });
    if (after) query.set('after', after);
    const answer = await callProviderApi(deps, 'whatsapp', account.row, {
      method: 'GET',
      path: `/${encodeURIComponent(account.config.wabaId)}/message_templates?${query}`,
      headers: account.headers,
    });
    if (answer.status < 200 || answer.status >= 300) throw templatesRefused(answer);
    const parsed = WhatsAppTemplatesPageSchema.safeParse(answer.json);
    if (!parsed.success) throw templatesRefused(answer);
    for (const template of parsed.data.data) {
      const body = template.components.find((component) => component.type.toUpperCase() === 'BODY')?.text ?? null;
      templates.push({
        id: template.id ?? null,
        name: template.name,
        language: template.language,
        status: template.status,
        category: template.category ?? null,
        body,
        parameterCount: templateParameterCount(body),
      });
    }
    after = parsed.data.paging?.next ? parsed.data.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return templates;
}

/** The approved template of that name and language, or null. */
export async function findApprovedTemplate(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: WhatsAppAccount,
  name: string,
  language: string,
): Promise<WhatsAppTemplate | null> {
  const templates = await listTemplates(deps, account);
  return templates.find((t) => t.name === name && t.language === language && isApprovedTemplate(t)) ?? null;
}

/** A template list Meta refused (4xx): the integration's settings or token are wrong, a 409 naming Meta's reason. */
function templatesRefused(answer: ProviderAnswer) {
  return AppError.conflict(`${WHATSAPP_LABEL} refused the template list: ${graphError(answer)}`, {
    provider: 'whatsapp',
    reason: 'PROVIDER_REFUSED',
  });
}
