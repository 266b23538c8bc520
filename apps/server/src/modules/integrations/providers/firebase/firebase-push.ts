import type { AppDeps } from '../../../../core/deps.js';
import { callProviderForAnswer, isRetryableStatus, ProviderCallError } from '../../provider-call.js';
import type { ActiveIntegration } from '../../active-integration.js';
import { firebaseAccessToken } from './firebase-auth.js';

// FCM HTTP v1: POST /v1/projects/{projectId}/messages:send with an OAuth access token (firebase-auth.ts). A token FCM
// no longer knows (404 NOT_FOUND or an UNREGISTERED error code) is reported as `unregistered`, so its device goes.

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** String values only (FCM's data payload). */
  data: Record<string, string>;
}

type Deps = Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>;

interface FcmError {
  error?: { status?: string; details?: { errorCode?: string }[] };
}

const isUnregistered = (status: number, json: unknown) => {
  const error = (json as FcmError | null)?.error;
  const codes = (error?.details ?? []).map((detail) => detail.errorCode);
  return codes.includes('UNREGISTERED') || (status === 404 && error?.status === 'NOT_FOUND');
};

/** Sends one message; `sent` with FCM's message name, or `unregistered`. Other refusals throw ProviderCallError. */
export async function sendPush(
  deps: Deps,
  integration: ActiveIntegration,
  message: PushMessage,
): Promise<{ outcome: 'sent'; name: string | null } | { outcome: 'unregistered' }> {
  const accessToken = await firebaseAccessToken(deps, integration);
  const projectId = String(integration.config.projectId ?? '');
  const { status, json } = await callProviderForAnswer(deps, integration.row, integration.label, integration.baseUrl, {
    method: 'POST',
    path: `/v1/projects/${encodeURIComponent(projectId)}/messages:send`,
    headers: { authorization: `Bearer ${accessToken}` },
    json: { message: { token: message.token, notification: { title: message.title, body: message.body }, data: message.data } },
  });
  if (status >= 200 && status < 300) return { outcome: 'sent', name: (json as { name?: string } | null)?.name ?? null };
  if (isUnregistered(status, json)) return { outcome: 'unregistered' };
  throw new ProviderCallError(`${integration.label} answered HTTP ${status} to the push.`, status, isRetryableStatus(status));
}
