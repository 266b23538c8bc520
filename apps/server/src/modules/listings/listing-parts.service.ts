import type { ListingInput } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { assetInReach } from '../../core/authorization.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { patchRecord } from '../../resources/resource-write.service.js';
import { listingResource } from './listing.resource.js';

// PATCH images/{id} and amenities/{id}: a part of the listing written on its own (the editor's media and amenities
// sections), through the same update as PATCH {id}, so permissions, tenancy (404) and the write rules are the same.

export function updateListingPart(
  call: ResourceCall,
  id: string,
  part: Pick<ListingInput, 'images' | 'floorPlans' | 'cover' | 'amenities'>,
) {
  return patchRecord(call, listingResource, id, part);
}

/** The caller working in the asset a body names (`{asset}`; 404 when not one of theirs), else in his active one. */
export function actorInAsset(actor: Actor, asset: string | undefined): Actor {
  return asset ? { ...actor, assetId: assetInReach(actor, asset) } : actor;
}
