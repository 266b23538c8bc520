import { homeCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { homeFigures } from './home.service.js';

// Home's declared call (packages/domain/src/home/home.calls.ts), both doors from this handler.
export const homeDoors = serveCalls(homeCalls, {
  figures: ({ deps, actor, asset }) => homeFigures(deps, actor, asset),
});
