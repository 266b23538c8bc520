import { z } from 'zod';
import {
  INTERCOM_DATA_ATTRIBUTE_MODELS,
  IntercomDataAttributeSchema,
  PERMISSIONS,
  WhatsAppTemplateSchema,
  WhatsAppTriggerSchema,
  WhatsAppTriggersUpdateSchema,
} from '@crm/domain';
import { permissionProcedure } from '../../../trpc/trpc.js';
import { intercomDataAttributes } from './intercom/intercom-attributes.service.js';
import { updateWhatsAppTriggers, whatsAppTemplates, whatsAppTriggers } from './whatsapp/whatsapp-settings.service.js';

// WhatsApp's and Intercom's lookups, tRPC (integrations.*) onto the same services as messaging.routes.ts.
const admin = permissionProcedure([PERMISSIONS.INTEGRATIONS_VIEW]);

export const messagingProcedures = {
  whatsappTemplates: admin.output(z.array(WhatsAppTemplateSchema)).query(({ ctx }) => whatsAppTemplates(ctx.deps, ctx.actor, ctx.assetId)),
  whatsappTriggers: admin.output(z.array(WhatsAppTriggerSchema)).query(({ ctx }) => whatsAppTriggers(ctx.deps, ctx.actor, ctx.assetId)),
  updateWhatsappTriggers: admin
    .input(WhatsAppTriggersUpdateSchema)
    .output(z.array(WhatsAppTriggerSchema))
    .mutation(({ ctx, input }) => updateWhatsAppTriggers(ctx.deps, ctx.actor, ctx.assetId, input)),
  intercomAttributes: admin
    .input(z.strictObject({ model: z.enum(INTERCOM_DATA_ATTRIBUTE_MODELS) }))
    .output(z.array(IntercomDataAttributeSchema))
    .query(({ ctx, input }) => intercomDataAttributes(ctx.deps, ctx.actor, ctx.assetId, input.model)),
};
