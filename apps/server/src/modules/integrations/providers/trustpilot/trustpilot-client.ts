import { integrationProviders } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { openSecrets, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider, ProviderCallError } from '../../provider-call.js';
import { requestAccessToken } from '../oauth-grants.js';

// Trustpilot (docs/api.md 'Trustpilot'): OAuth 2 client credentials (the API key and secret, HTTP Basic) at
// `api.trustpilot.com/v1/oauth/oauth-business-users-for-applications/accesstoken`, then an email invitation through
// the Invitations API, `invitations-api.trustpilot.com/v1/private/business-units/{businessUnitId}/email-invitations`.
// INTEGRATION_BASE_URL_TRUSTPILOT and INTEGRATION_BASE_URL_TRUSTPILOT_INVITATIONS move them (a test's fake).

export const LABEL = integrationProviders.trustpilot.label;
export const TOKEN_PATH = '/v1/oauth/oauth-business-users-for-applications/accesstoken';
const API = 'https://api.trustpilot.com';
const INVITATIONS_API = 'https://invitations-api.trustpilot.com';

type CallDeps = Pick<AppDeps, 'db' | 'log' | 'env'>;

export function trustpilotApiBase(env: CallDeps['env'], row: IntegrationRow): string {
  return providerBaseUrl(env, 'trustpilot', storedConfig(row)) ?? API;
}

/** An access token for the business APIs, bought with the API key and secret. */
export async function trustpilotToken(deps: CallDeps, row: IntegrationRow): Promise<string> {
  const { apiKey, apiSecret } = openSecrets(deps, row);
  if (!apiKey || !apiSecret) throw new ProviderCallError(`${LABEL} needs the API key and secret.`, null, false);
  const basic = Buffer.from(`${apiKey}:${apiSecret}`).toString('base64');
  return requestAccessToken(
    deps,
    row,
    LABEL,
    { baseUrl: trustpilotApiBase(deps.env, row), path: TOKEN_PATH },
    { grant_type: 'client_credentials' },
    { authorization: `Basic ${basic}` },
  );
}

export interface Invitation {
  /** Ours, so Trustpilot's reports can be matched to our invitation. */
  referenceNumber: string;
  consumerName: string;
  consumerEmail: string;
  senderName: string;
  tags: string[];
}

/** Asks Trustpilot to email the customer an invitation to review the company (service review). */
export async function sendEmailInvitation(deps: CallDeps, row: IntegrationRow, token: string, invitation: Invitation): Promise<void> {
  const config = storedConfig(row);
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const businessUnitId = text(config.businessUnitId);
  if (!businessUnitId) throw new ProviderCallError(`${LABEL} needs the business unit ID.`, null, false);
  const senderEmail = text(config.senderEmail);
  const templateId = text(config.templateId);
  const baseUrl = (deps.env.INTEGRATION_BASE_URLS.TRUSTPILOT_INVITATIONS ?? INVITATIONS_API).replace(/\/+$/, '');
  await callProvider(deps, row, LABEL, baseUrl, {
    method: 'POST',
    path: `/v1/private/business-units/${encodeURIComponent(businessUnitId)}/email-invitations`,
    headers: { authorization: `Bearer ${token}` },
    json: {
      consumerEmail: invitation.consumerEmail,
      consumerName: invitation.consumerName,
      referenceNumber: invitation.referenceNumber,
      locale: text(config.locale) ?? 'en-US',
      senderName: invitation.senderName,
      ...(senderEmail ? { senderEmail, replyTo: senderEmail } : {}),
      type: 'email',
      serviceReviewInvitation: { ...(templateId ? { templateId } : {}), tags: invitation.tags },
    },
  });
}
