import type { ServerModule } from '../module.js';
import { homeDoors } from './home.calls.js';

/** Home (/dashboard): the caller's figures by role, each linking to the list behind it. */
export const homeModule: ServerModule = {
  name: 'home',
  openapiTag: { name: 'home', description: "The Home page's figures for the caller, by what they may see (docs/api.md 'Home')" },
  calls: [homeDoors],
};
