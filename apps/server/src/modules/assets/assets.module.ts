import type { ServerModule } from '../module.js';
import { assetDoors } from './asset.calls.js';

export const assetsModule: ServerModule = { name: 'assets', calls: [assetDoors] };
