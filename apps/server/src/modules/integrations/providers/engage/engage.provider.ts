import { defineProvider } from '../../provider-module.js';
import { engageSync } from './engage-sync.js';

// Engage (docs/api.md 'Engage'): its team pulled by its sync; its leads and listings travel on the partner feed.
export const engageProvider = defineProvider(() => ({ name: 'engage', sync: { adapter: engageSync } }));
