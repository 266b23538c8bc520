import { defineProvider } from '../../provider-module.js';

// Trakheesi (docs/api.md 'Listing feeds and permits'): permits checked by the listings' calls (trakheesi-client.ts,
// through the module's surface); nothing of its own to serve.
export const trakheesiProvider = defineProvider(() => ({ name: 'trakheesi' }));
