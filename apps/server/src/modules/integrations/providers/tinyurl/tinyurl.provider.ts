import { defineProvider } from '../../provider-module.js';
import { tinyUrlDoors } from './tinyurl.calls.js';

// TinyURL (docs/api.md 'Integrations'): a listing's and a lead's short links.
export const tinyUrlProvider = defineProvider(() => ({
  name: 'tinyurl',
  // The account's active links (first page): a read with the token, nothing created.
  connection: {
    probe: ({ secrets }) => ({
      method: 'GET',
      path: '/urls/available',
      headers: { accept: 'application/json', authorization: `Bearer ${secrets.apiToken ?? ''}` },
      accepts: (status) => status === 200,
    }),
  },
  calls: [tinyUrlDoors],
}));
