import { activeCampaignCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { activeCampaignLookup } from '../provider-lookups.service.js';

// ActiveCampaign's lookups, both doors from their declaration (packages/domain marketing.calls.ts).
export const activeCampaignDoors = serveCalls(activeCampaignCalls, {
  activecampaignLookup: ({ deps, actor, asset, input }) => activeCampaignLookup(deps, actor, asset, input.lookup),
});
