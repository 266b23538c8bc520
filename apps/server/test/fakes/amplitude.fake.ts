import { jsonBody, startFakeProvider } from './fake-http.js';

// Amplitude's HTTP V2 API: POST /2/httpapi with the known API key answers 200 { code, events_ingested }, like
// Amplitude; another key 400 "Invalid API key".
export const AMPLITUDE_FAKE_KEY = 'amp-fake-key-0123456789abcdef';

export function startAmplitudeFake(apiKey = AMPLITUDE_FAKE_KEY) {
  return startFakeProvider((request) => {
    if (request.method !== 'POST' || request.path !== '/2/httpapi') return { status: 404, json: { code: 404 } };
    const body = jsonBody(request) as { api_key?: string; events?: unknown[] };
    if (body.api_key !== apiKey) return { status: 400, json: { code: 400, error: `Invalid API key: ${String(body.api_key).slice(0, 4)}` } };
    if (!Array.isArray(body.events) || !body.events.length)
      return { status: 400, json: { code: 400, error: 'Request missing required field', missing_field: 'events' } };
    return {
      status: 200,
      json: { code: 200, events_ingested: body.events.length, payload_size_bytes: request.body.length, server_upload_time: Date.now() },
    };
  });
}
