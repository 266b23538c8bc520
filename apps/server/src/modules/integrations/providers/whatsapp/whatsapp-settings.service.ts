import {
  integrationProviders,
  WHATSAPP_TRIGGER_EVENTS,
  WHATSAPP_TRIGGER_LABELS,
  type WhatsAppTemplate,
  type WhatsAppTrigger,
  type WhatsAppTriggersUpdate,
} from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import type { AppDeps } from '../../../../core/deps.js';
import { validationError } from '../../../../core/error-envelope.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { recordActivity } from '../../../../resources/activity-log.js';
import { requireIntegration } from '../../integration-guard.js';
import { storedConfig } from '../../integration-record.js';
import { assertAssetOf } from '../../integration.service.js';
import { listTemplates, whatsAppAccount } from './whatsapp-client.js';
import { lockRows } from '../../../../resources/unit-of-work.js';

// GET integrations/whatsapp/templates (Meta's `GET /{waba-id}/message_templates`) and GET/PATCH
// integrations/whatsapp/triggers (event -> template, kept in the integration's config: docs/api.md 'WhatsApp').

export async function whatsAppTemplates(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  actor: Actor,
  assetId: string,
): Promise<WhatsAppTemplate[]> {
  assertAssetOf(actor, assetId);
  return listTemplates(deps, await whatsAppAccount(deps, assetId));
}

const triggersOf = (config: ReturnType<typeof storedConfig>): Record<string, string> => {
  const triggers = config.triggers;
  return triggers && typeof triggers === 'object' && !Array.isArray(triggers) ? triggers : {};
};

const answerOf = (triggers: Record<string, string>): WhatsAppTrigger[] =>
  WHATSAPP_TRIGGER_EVENTS.map((event) => ({ event, label: WHATSAPP_TRIGGER_LABELS[event], template: triggers[event] ?? null }));

/** The triggers, a disabled integration's too (they are its settings); 409 while WhatsApp is not configured. */
export async function whatsAppTriggers(deps: Pick<AppDeps, 'db'>, actor: Actor, assetId: string): Promise<WhatsAppTrigger[]> {
  assertAssetOf(actor, assetId);
  const row = await requireIntegration(deps, assetId, 'whatsapp', { allowDisabled: true });
  return answerOf(triggersOf(storedConfig(row)));
}

/** Sets (a template name) or clears (null) the named events' templates; the rest of the config is kept as it is. */
export async function updateWhatsAppTriggers(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  input: WhatsAppTriggersUpdate,
): Promise<WhatsAppTrigger[]> {
  assertAssetOf(actor, assetId);
  const { id } = await requireIntegration(deps, assetId, 'whatsapp', { allowDisabled: true });
  const triggers = await deps.db.$transaction(async (tx) => {
    // A settings save at the same time must not lose this change, nor this one its.
    await lockRows(tx, 'IntegrationConfig', [id]);
    const row = await tx.integrationConfig.findUniqueOrThrow({ where: { id } });
    const config = storedConfig(row);
    const before = triggersOf(config);
    const after: Record<string, string> = { ...before };
    for (const [event, template] of Object.entries(input.triggers)) {
      if (template) after[event] = template;
      else delete after[event];
    }
    const parsed = integrationProviders.whatsapp.config.safeParse({ ...config, triggers: after });
    if (!parsed.success) throw validationError(parsed.error);
    await tx.integrationConfig.update({
      where: { id },
      data: { config: parsed.data as Prisma.InputJsonObject, updatedById: actor.apiKeyId ? null : actor.userId },
    });
    await recordActivity(tx, [
      {
        userId: actor.apiKeyId ? null : actor.userId,
        companyId: actor.companyId,
        assetId,
        action: 'update',
        subjectType: 'integrations',
        subjectId: id,
        before: { triggers: before },
        after: { triggers: after },
      },
    ]);
    return after;
  });
  return answerOf(triggers);
}
