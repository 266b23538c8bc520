import { TRAKHEESI_FAKE_CREDENTIALS } from '../../test/fakes/trakheesi.fake.js';
import { uniqueSuffix } from '../../test/factories.js';
import { leadPayload } from '../modules/leads/testing.js';
import type { RouteKit, Written } from './activity-routes.kit.js';

// Test-only: what the route table's cases of several modules (<module>/<module>.activity-cases.ts) share, so a
// module's cases never import another module's.

/** The rows of a call that changed one record. */
export const one =
  (subjectType: string, subjectId: string, action: Written['action'] = 'update') =>
  (): Written[] => [{ subjectType, subjectId, action }];

/** A stored image of asset A (a gallery picture). */
export const imageFile = async (kit: RouteKit) => {
  const suffix = uniqueSuffix();
  const file = await kit.ctx.db.storedFile.create({
    data: {
      companyId: kit.world.company.id,
      assetId: kit.world.assetA.id,
      name: `g-${suffix}.png`,
      category: 'gallery',
      type: 'image',
      mimeType: 'image/png',
      size: 10,
      storageKey: `${kit.world.assetA.id}/${suffix}.png`,
      url: `/api/storage/files/${suffix}`,
      ext: 'png',
    },
  });
  return file.id;
};

/** A lead of the lead world, created by its manager. */
export async function newLead(kit: RouteKit, overrides: Record<string, unknown> = {}) {
  const res = await kit.ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await kit.leads.manager.headers(),
    payload: leadPayload(kit.leads, (await kit.leads.customer()).id, overrides),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { _id: string; customer: { _id: string }; agent: { _id: string } };
}

/** A permit Trakheesi (the test's local fake, TRAKHEESI_PERMITS) knows as valid. */
export const PERMIT = '7110001';
export const TRAKHEESI_PERMITS = new Map([
  [PERMIT, { status: 'valid' as const, expiresAt: new Date(Date.now() + 200 * 86_400_000).toISOString() }],
]);

/** Asset A's Trakheesi integration, configured once (its address is the fake's, from the test's environment). */
let trakheesiReady: Promise<void> | null = null;
export const withTrakheesi = (kit: RouteKit) => {
  trakheesiReady ??= (async () => {
    const saved = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/trakheesi`, {
      enabled: true,
      config: { orn: '12345', mode: 'api' },
      secrets: TRAKHEESI_FAKE_CREDENTIALS,
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  })();
  return trakheesiReady;
};
