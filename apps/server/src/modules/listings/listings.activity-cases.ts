import { AMENITIES } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase } from '../../resources/activity-routes.kit.js';
import { imageFile, one, PERMIT, withTrakheesi } from '../../resources/activity-routes.shared.js';

// Test-only: the activity route table's cases of the listings' own calls beside the generic ones (images, amenities, custom fields, the permit check), for
// resources/activity-log-routes.test.ts.

export const LISTING_CASES: Readonly<Record<string, RouteCase>> = {
  'listings.updateImages': async (kit) => {
    const id = await kit.create('listings');
    const image = await imageFile(kit);
    return {
      send: () => kit.admin.patch(`properties/listings/images/${id}`, { images: [image], cover: image }),
      rows: one('listings', id),
    };
  },
  'listings.updateAmenities': async (kit) => {
    const id = await kit.create('listings');
    return { send: () => kit.admin.patch(`properties/listings/amenities/${id}`, { amenities: [AMENITIES[3]] }), rows: one('listings', id) };
  },
  'listings.setCustomFields': async (kit) => {
    const id = await kit.create('listings');
    const key = `floor_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.world.company.id, assetId: kit.world.assetA.id, kind: 'listing', key, label: 'Floor', type: 'text' },
    });
    return {
      send: () => kit.admin.patch(`properties/listings/custom-fields/${id}`, { customFields: { [key]: '12' } }),
      rows: one('listings', id),
    };
  },
  'listings.checkPermit': async (kit) => {
    await withTrakheesi(kit);
    const id = await kit.create('listings', { permitNumber: PERMIT, permitExpiresAt: '2027-12-31T00:00:00.000Z' });
    return { send: () => kit.admin.get(`properties/listings/trakheesi/${id}`), rows: one('listings', id) };
  },
};
