import type { ServerModule } from '../module.js';
import { profileDoors } from './profile.calls.js';

export const profileModule: ServerModule = { name: 'profile', calls: [profileDoors] };
