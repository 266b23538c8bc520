import type { IntegrationLogEntry, IntegrationLogQuery } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { recordSystemLog } from '../../core/system-log.js';
import { assertAssetOf } from '../../core/authorization.js';

// The integration log (docs/api.md 'Integration log'): one row per webhook received and per provider API called.
// Bodies are redacted before they are written, so no reader (and no backup) ever sees a secret, a whole phone
// number or a whole email address. Writing never throws: a log must not fail the call it records. A failed call (a
// provider that did not answer or answered an error, an inbound event that could not be taken) is also an integration
// error of Admin > System logs, written here for every provider; a refused unsigned webhook is not (anyone may post one).

const SECRET_KEY = /secret|token|password|apikey|api_key|authorization|signature|privatekey|accesscode|assertion/i;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const PHONE = /\+?\d[\d\s().-]{6,}\d/g;
const MAX_BODY_CHARS = 20_000;
/** Kept out too: a JWT grant's assertion, an OAuth code, a document sent as base64 (a PDF is neither small nor ours to keep). */
const UNLOGGED_KEY = /assertion|base64|^code$/i;

/** A phone with all but its last two digits hidden. */
const maskPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
};

/** Any text with its emails (first letter and domain kept) and phone-like numbers masked. */
export function maskText(text: string): string {
  return text.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`).replace(PHONE, maskPhone);
}

/** A body as the log keeps it: secrets replaced, phones and emails masked, anywhere in it. */
export function redactForLog(value: unknown, depth = 0): Prisma.InputJsonValue | null {
  if (value === null || value === undefined) return null;
  if (depth > 8) return '[…]';
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactForLog(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, Prisma.InputJsonValue | null> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = SECRET_KEY.test(key) || UNLOGGED_KEY.test(key) ? '[redacted]' : redactForLog(item, depth + 1);
    return out;
  }
  return null;
}

/** A raw body (JSON or not) as a redacted log body, cut to a readable size. */
export function redactRaw(raw: string | Buffer | null | undefined): Prisma.InputJsonValue | null {
  if (!raw?.length) return null;
  const text = raw.toString().slice(0, MAX_BODY_CHARS);
  try {
    return redactForLog(JSON.parse(text));
  } catch {
    return maskText(text);
  }
}

export interface IntegrationLogInput {
  integration: { id: string; assetId: string; name: string };
  direction: 'inbound' | 'outbound';
  operation: string;
  status?: number | null;
  outcome: IntegrationLogEntry['outcome'];
  durationMs?: number;
  requestBody?: Prisma.InputJsonValue | null;
  responseBody?: Prisma.InputJsonValue | null;
  error?: string | null;
}

/** The system log's row of a failed integration call, for the asset's company (one look-up, on failures only). */
async function recordIntegrationError(deps: Pick<AppDeps, 'db' | 'log'>, entry: IntegrationLogInput): Promise<void> {
  const asset = await deps.db.asset.findUnique({ where: { id: entry.integration.assetId }, select: { companyId: true } }).catch(() => null);
  const what = `${entry.integration.name} ${entry.direction} ${entry.operation}`;
  await recordSystemLog(deps, {
    source: 'integration',
    event: 'integration.failed',
    message: maskText(`${what}: ${entry.error ?? 'failed'}`),
    companyId: asset?.companyId ?? null,
    assetId: entry.integration.assetId,
    status: entry.status ?? null,
  });
}

export async function recordIntegrationLog(deps: Pick<AppDeps, 'db' | 'log'>, entry: IntegrationLogInput): Promise<void> {
  if (entry.outcome === 'failed') await recordIntegrationError(deps, entry);
  try {
    await deps.db.integrationLog.create({
      data: {
        assetId: entry.integration.assetId,
        integrationId: entry.integration.id,
        provider: entry.integration.name,
        direction: entry.direction,
        operation: entry.operation.slice(0, 200),
        status: entry.status ?? null,
        outcome: entry.outcome,
        durationMs: Math.max(0, Math.round(entry.durationMs ?? 0)),
        ...(entry.requestBody == null ? {} : { requestBody: entry.requestBody }),
        ...(entry.responseBody == null ? {} : { responseBody: entry.responseBody }),
        error: entry.error ? maskText(entry.error).slice(0, 1000) : null,
      },
    });
  } catch (error) {
    deps.log.warn(
      { event: 'integration-log.unwritten', err: error instanceof Error ? error.message : String(error) },
      'integration log row not written',
    );
  }
}

/** GET integrations/logs: the asset's latest calls, newest first, optionally of one provider. */
export async function listIntegrationLogs(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  query: IntegrationLogQuery,
): Promise<IntegrationLogEntry[]> {
  assertAssetOf(actor, assetId);
  const rows = await deps.db.integrationLog.findMany({
    where: { assetId, ...(query.provider ? { provider: query.provider } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit,
  });
  return rows.map((row) => ({
    _id: row.id,
    provider: row.provider,
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    operation: row.operation,
    status: row.status,
    outcome: (['ok', 'failed', 'rejected', 'duplicate'] as const).find((o) => o === row.outcome) ?? 'failed',
    durationMs: row.durationMs,
    requestBody: (row.requestBody ?? null) as IntegrationLogEntry['requestBody'],
    responseBody: (row.responseBody ?? null) as IntegrationLogEntry['responseBody'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How long integration log rows are kept. */
export const INTEGRATION_LOG_RETENTION_DAYS = 90;

/** Deletes the rows older than the retention, every asset at once (the createdAt index); answers how many went. */
export async function pruneIntegrationLogs(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - INTEGRATION_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await deps.db.integrationLog.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
