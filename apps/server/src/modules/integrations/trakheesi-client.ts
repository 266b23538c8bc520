import { PERMIT_INTEGRATION, type PermitStatus } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { requireIntegration } from './integration-guard.js';
import { openSecrets, storedConfig } from './integration-record.js';
import { callProviderApi } from './provider-call.js';

// The Trakheesi (Dubai Land Department) permit check. DLD publishes no API, so this is our client contract:
// GET /v1/permits/{permit}?orn={orn} with the client id and secret (HTTP Basic), answering
// { permitNumber, status: valid | invalid | expired, expiresAt }; 404 means DLD does not know the permit.
// In manual mode (no DLD access yet) the permit is judged by the expiry the agent typed from the permit PDF.

const PermitAnswerSchema = z.object({
  status: z.enum(['valid', 'invalid', 'expired']),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

export interface PermitOutcome {
  status: Exclude<PermitStatus, 'unchecked'>;
  expiresAt: Date | null;
}

/** Checks a permit through the asset's Trakheesi integration; 409 naming it while it is not configured or is off. */
export async function checkPermit(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>,
  assetId: string,
  permitNumber: string,
  typedExpiry: Date | null,
): Promise<PermitOutcome> {
  const row = await requireIntegration(deps, assetId, PERMIT_INTEGRATION);
  const config = storedConfig(row);
  if (config.mode === 'manual') {
    if (!typedExpiry) return { status: 'invalid', expiresAt: null };
    return { status: typedExpiry > deps.clock.now() ? 'valid' : 'expired', expiresAt: typedExpiry };
  }
  const secrets = openSecrets(deps, row);
  const basic = Buffer.from(`${secrets.clientId ?? ''}:${secrets.clientSecret ?? ''}`).toString('base64');
  const orn = typeof config.orn === 'string' ? config.orn : '';
  const answer = await callProviderApi(deps, PERMIT_INTEGRATION, row, {
    method: 'GET',
    path: `/v1/permits/${encodeURIComponent(permitNumber)}?orn=${encodeURIComponent(orn)}`,
    headers: { authorization: `Basic ${basic}` },
  });
  if (answer.status === 404) return { status: 'invalid', expiresAt: null };
  const parsed = PermitAnswerSchema.safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) {
    throw new AppError('SERVICE_UNAVAILABLE', `Trakheesi answered HTTP ${answer.status} without a permit status.`, {
      provider: PERMIT_INTEGRATION,
    });
  }
  const expiresAt = parsed.data.expiresAt ? new Date(parsed.data.expiresAt) : null;
  // A 'valid' answer past its own expiry is expired by the time we store it.
  const status = parsed.data.status === 'valid' && expiresAt && expiresAt <= deps.clock.now() ? 'expired' : parsed.data.status;
  return { status, expiresAt };
}
