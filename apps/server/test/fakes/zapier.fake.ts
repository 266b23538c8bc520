import { startFakeProvider } from './fake-http.js';

// A Zap's REST hook target (hooks.zapier.com in production): records what it receives and answers 200, or 410 Gone
// for a hook path listed in `gone` (the Zap was turned off), like Zapier.
export function startZapierTarget(gone: Set<string> = new Set()) {
  return startFakeProvider((request) => {
    if (gone.has(request.path)) return { status: 410, json: { status: 'gone' } };
    return { status: 200, json: { status: 'success', attempt: '1', id: 'zap-req-1' } };
  });
}
