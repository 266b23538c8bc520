import { hasKey } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { tokenGrant } from './firebase-auth.js';
import { firebasePushJob } from './firebase-push.job.js';
import { firebaseDoors } from './firebase.calls.js';

// Firebase (docs/api.md 'Integrations'): push notifications to the members' registered devices.
export const firebaseProvider = defineProvider(() => ({
  name: 'firebase',
  // An access token from the service account's JWT grant (its token_uri): what every push needs first.
  connection: {
    probe: async ({ secrets, env, now }) => {
      const grant = await tokenGrant(secrets.serviceAccountJson, env, now);
      return {
        method: 'POST',
        path: grant.url.pathname,
        url: grant.url.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(grant.form).toString(),
        accepts: (status, json) =>
          status === 200 && hasKey(json, 'access_token') && typeof (json as { access_token: unknown }).access_token === 'string',
      };
    },
  },
  jobs: [firebasePushJob],
  calls: [firebaseDoors],
}));
