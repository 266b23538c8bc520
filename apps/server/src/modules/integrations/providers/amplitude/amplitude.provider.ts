import { hasKey, JSON_HEADERS } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { PRODUCT_EVENT_SUBSCRIBERS } from '../product-event.subscribers.js';
import { amplitudeFlushJob } from './amplitude-flush.job.js';

// Amplitude (docs/api.md 'Integrations'): the product events, flushed in batches.
export const amplitudeProvider = defineProvider(() => ({
  name: 'amplitude',
  // The HTTP V2 API has no read call with the API key alone: one test event, its insert_id fixed per day, so tests
  // on the same day are one event for Amplitude.
  connection: {
    probe: ({ secrets, now }) => ({
      method: 'POST',
      path: '/2/httpapi',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        api_key: secrets.apiKey ?? '',
        events: [
          {
            event_type: 'CRM Connection Test',
            device_id: 'crm-connection-test',
            time: now.getTime(),
            insert_id: `crm-connection-test-${now.toISOString().slice(0, 10)}`,
          },
        ],
      }),
      accepts: (status, json) => status === 200 && hasKey(json, 'code') && (json as { code: unknown }).code === 200,
    }),
  },
  jobs: [amplitudeFlushJob],
  subscribers: PRODUCT_EVENT_SUBSCRIBERS,
}));
