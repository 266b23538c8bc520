import type { DncrStatus } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { findIntegration, openSecrets, statusOf, storedConfig, type IntegrationRow } from './integration-record.js';
import { callProviderApi } from './provider-call.js';

// The UAE Do Not Call Registry (TDRA). No public API spec exists, so this is our client contract:
// GET /v1/numbers/{E.164 digits} with `x-api-key`, answering { listed: boolean }.

const AnswerSchema = z.object({ listed: z.boolean() });

/** The asset's DNCR integration when it can answer by API (configured, on, api mode); else null: nothing is checked. */
export async function dncrIntegration(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<IntegrationRow | null> {
  const row = await findIntegration(deps, assetId, 'dncr');
  if (!row?.enabled || statusOf(row) === 'not_configured' || storedConfig(row).mode !== 'api') return null;
  return row;
}

/** How long a stored answer is trusted before the number is asked again. */
export const dncrCacheDays = (row: IntegrationRow) => {
  const days = storedConfig(row).cacheDays;
  return typeof days === 'number' && days > 0 ? days : 30;
};

export async function lookupNumber(deps: Pick<AppDeps, 'env' | 'db' | 'log'>, row: IntegrationRow, phone: string): Promise<DncrStatus> {
  const digits = phone.replace(/\D/g, '');
  const answer = await callProviderApi(deps, 'dncr', row, {
    method: 'GET',
    path: `/v1/numbers/${digits}`,
    headers: { 'x-api-key': openSecrets(deps, row).apiKey ?? '' },
  });
  const parsed = AnswerSchema.safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) {
    throw new AppError('SERVICE_UNAVAILABLE', `DNCR answered HTTP ${answer.status} without a listing answer.`, { provider: 'dncr' });
  }
  return parsed.data.listed ? 'listed' : 'clear';
}
