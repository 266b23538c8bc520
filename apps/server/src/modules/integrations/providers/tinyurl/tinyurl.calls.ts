import { tinyUrlCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { shortenLeadTrackingLink, shortenListing } from './short-link.service.js';

// A listing's and a lead's short links, both doors from their declarations (packages/domain marketing.calls.ts).
export const tinyUrlDoors = serveCalls(tinyUrlCalls, {
  listingShortLink: ({ deps, actor, input }) => shortenListing(deps, actor, input.id),
  leadShortLink: ({ deps, actor, input }) => shortenLeadTrackingLink(deps, actor, input.id),
});
