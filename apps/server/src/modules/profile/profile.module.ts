import type { ServerModule } from '../module.js';
import { profileDoors } from './profile.calls.js';

export const profileModule: ServerModule = {
  name: 'profile',
  openapiTag: { name: 'profile', description: 'The caller, their assets and the lead settings of an asset' },
  calls: [profileDoors],
};
