import { firebaseCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { listPushDevices, registerPushToken, removePushToken } from './push-devices.service.js';

// The caller's push devices, both doors from their declarations (packages/domain marketing.calls.ts).
export const firebaseDoors = serveCalls(firebaseCalls, {
  pushDevices: ({ deps, actor }) => listPushDevices(deps, actor),
  registerPushToken: ({ deps, actor, input }) => registerPushToken(deps, actor, input),
  removePushToken: ({ deps, actor, input }) => removePushToken(deps, actor, input),
});
