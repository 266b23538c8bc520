import { z } from 'zod';
import { PERMISSIONS } from '../permissions/permission-codes.js';

// What the providers' declared calls under /api/assets/{id}/integrations/ share (docs/api.md 'Integrations'): the tag,
// INTEGRATIONS_VIEW, the asset named by the path over REST (the active asset over tRPC).

export const INTEGRATIONS_TAG = 'integrations';
export const INTEGRATIONS_ACCESS = [PERMISSIONS.INTEGRATIONS_VIEW] as const;
export const ASSET_INTEGRATIONS_PATH = '/api/assets/:id/integrations';
export const AssetPathSchema = z.object({ id: z.string().max(100) });
/** The REST door's parts of a call that works in the path's asset and takes nothing else. */
export const inPathAsset = { params: AssetPathSchema, assetParam: 'id' } as const;
