import { defineProvider } from '../../provider-module.js';
import { goyzerSync } from './goyzer-sync.js';

// Goyzer (docs/api.md 'Goyzer'): listings and members pulled, leads pushed by its sync.
export const goyzerProvider = defineProvider(() => ({ name: 'goyzer', sync: { adapter: goyzerSync } }));
