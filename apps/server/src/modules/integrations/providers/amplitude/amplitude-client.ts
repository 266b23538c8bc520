import { AMPLITUDE_EVENT_NAMES, type ProductEventType } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { callIntegration, type ActiveIntegration } from '../../active-integration.js';

// Amplitude's HTTP V2 API: POST /2/httpapi with the project's API key in the body and up to 2000 events; each event's
// insert_id (our event id) lets Amplitude drop a batch sent twice. 200 answers { code, events_ingested }; 400 a bad
// key or event, 413 too large, 429 throttled.

export interface AmplitudeEventRow {
  id: string;
  assetId: string;
  type: string;
  userId: string | null;
  occurredAt: Date;
  properties: unknown;
}

const AMPLITUDE_MIN_ID_LENGTH = 5;

export function amplitudeEvent(row: AmplitudeEventRow) {
  const name = AMPLITUDE_EVENT_NAMES[row.type as ProductEventType] ?? row.type;
  return {
    event_type: name,
    // A change without a person (the SLA clock, an integration) is the asset's own.
    ...(row.userId ? { user_id: row.userId } : { device_id: `asset-${row.assetId}` }),
    time: row.occurredAt.getTime(),
    insert_id: row.id,
    event_properties: typeof row.properties === 'object' && row.properties !== null ? row.properties : {},
    groups: { asset: row.assetId },
  };
}

export async function sendEvents(
  deps: Pick<AppDeps, 'db' | 'log'>,
  integration: ActiveIntegration,
  rows: readonly AmplitudeEventRow[],
): Promise<number> {
  const { json } = await callIntegration(deps, integration, {
    method: 'POST',
    path: '/2/httpapi',
    json: {
      api_key: integration.secrets.apiKey ?? '',
      events: rows.map(amplitudeEvent),
      options: { min_id_length: AMPLITUDE_MIN_ID_LENGTH },
    },
  });
  return Number((json as { events_ingested?: number } | null)?.events_ingested ?? rows.length);
}
