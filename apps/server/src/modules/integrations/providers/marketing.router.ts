import { z } from 'zod';
import {
  PERMISSIONS,
  ProviderOptionSchema,
  PushDeviceSchema,
  PushTokenInputSchema,
  PushTokenRemoveSchema,
  ShortLinkSchema,
  ZapierActionInfoSchema,
  ZapierTriggerInfoSchema,
} from '@crm/domain';
import { permissionProcedure, protectedProcedure, router } from '../../../trpc/trpc.js';
import { listPushDevices, registerPushToken, removePushToken } from './firebase/push-devices.service.js';
import {
  ACTIVECAMPAIGN_LOOKUPS,
  activeCampaignLookup,
  sendGridContactLists,
  type ActiveCampaignLookup,
} from './provider-lookups.service.js';
import { shortenLeadTrackingLink, shortenListing } from './tinyurl/short-link.service.js';
import { zapierActions, zapierTriggers } from './zapier/zapier.service.js';

// SendGrid, ActiveCampaign, Firebase, TinyURL and Zapier, tRPC door onto the services of marketing.routes.ts, in the
// caller's active asset.
const admin = permissionProcedure([PERMISSIONS.INTEGRATIONS_VIEW]);
const Id = z.strictObject({ id: z.string().max(100) });
const Options = z.array(ProviderOptionSchema);
const lookups = Object.keys(ACTIVECAMPAIGN_LOOKUPS) as [ActiveCampaignLookup, ...ActiveCampaignLookup[]];

export const marketingRouter = router({
  sendgridContactLists: admin.output(Options).query(({ ctx }) => sendGridContactLists(ctx.deps, ctx.actor, ctx.assetId)),
  activecampaignLookup: admin
    .input(z.strictObject({ lookup: z.enum(lookups) }))
    .output(Options)
    .query(({ ctx, input }) => activeCampaignLookup(ctx.deps, ctx.actor, ctx.assetId, input.lookup)),
  zapierTriggers: admin.output(z.array(ZapierTriggerInfoSchema)).query(({ ctx }) => zapierTriggers(ctx.deps, ctx.actor, ctx.assetId)),
  zapierActions: admin.output(z.array(ZapierActionInfoSchema)).query(({ ctx }) => zapierActions(ctx.actor, ctx.assetId)),
  pushDevices: protectedProcedure.output(z.array(PushDeviceSchema)).query(({ ctx }) => listPushDevices(ctx.deps, ctx.actor)),
  registerPushToken: protectedProcedure
    .input(PushTokenInputSchema)
    .output(PushDeviceSchema)
    .mutation(({ ctx, input }) => registerPushToken(ctx.deps, ctx.actor, input)),
  removePushToken: protectedProcedure
    .input(PushTokenRemoveSchema)
    .output(z.strictObject({ removed: z.literal(true) }))
    .mutation(({ ctx, input }) => removePushToken(ctx.deps, ctx.actor, input)),
  listingShortLink: protectedProcedure
    .input(Id)
    .output(ShortLinkSchema)
    .mutation(({ ctx, input }) => shortenListing(ctx.deps, ctx.actor, input.id)),
  leadShortLink: protectedProcedure
    .input(Id)
    .output(ShortLinkSchema)
    .mutation(({ ctx, input }) => shortenLeadTrackingLink(ctx.deps, ctx.actor, input.id)),
});
