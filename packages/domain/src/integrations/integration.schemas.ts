import { z } from 'zod';
import { integrationFieldRegistry } from './integration-fields.js';
import {
  INTEGRATION_CAPABILITIES,
  INTEGRATION_KINDS,
  INTEGRATION_PROVIDER_NAMES,
  integrationProviders,
  SYNC_MODULES,
  type IntegrationProviderName,
} from './integration-providers.js';

// What the integrations' calls take and answer (docs/api.md 'Integrations'), for the REST door, tRPC and the screen.

export const IntegrationProviderNameSchema = z.enum(INTEGRATION_PROVIDER_NAMES, { error: 'Unknown integration.' });

/**
 * not_configured: a required config or secret is missing; configured: complete but never tested since its
 * credentials changed (ours); connected / error: the last connection test's outcome.
 */
export const INTEGRATION_STATUSES = ['not_configured', 'configured', 'connected', 'error'] as const;
export const IntegrationStatusSchema = z.enum(INTEGRATION_STATUSES);
export type IntegrationStatus = z.infer<typeof IntegrationStatusSchema>;

/** The start of every masked secret: a form that echoes it back leaves the secret as it is. */
export const SECRET_MASK = '••••';
export const isSecretMask = (value: unknown): value is string => typeof value === 'string' && value.startsWith(SECRET_MASK);
/** `••••abcd`: the last four characters of a long secret, none of a short one. */
export const maskSecret = (value: string) => `${SECRET_MASK}${value.length >= 12 ? value.slice(-4) : ''}`;

export const MaskedSecretSchema = z.strictObject({ set: z.boolean(), hint: z.string().nullable() });
export type MaskedSecret = z.infer<typeof MaskedSecretSchema>;

/** A config value as stored: the providers' fields are text, numbers, switches, lists and maps only. */
export const IntegrationConfigValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.record(z.string(), z.string()),
]);
export const IntegrationConfigSchema = z.record(z.string(), IntegrationConfigValueSchema);
export type IntegrationConfig = z.infer<typeof IntegrationConfigSchema>;

/** `GET {name}`: answered even when never set (enabled false, status not_configured, nothing set). */
export const IntegrationRecordSchema = z.strictObject({
  _id: z.string().nullable(),
  provider: IntegrationProviderNameSchema,
  label: z.string(),
  kind: z.enum(Object.keys(INTEGRATION_KINDS) as [keyof typeof INTEGRATION_KINDS, ...(keyof typeof INTEGRATION_KINDS)[]]),
  capabilities: z.array(z.enum(INTEGRATION_CAPABILITIES)),
  asset: z.string(),
  enabled: z.boolean(),
  status: IntegrationStatusSchema,
  config: IntegrationConfigSchema,
  secrets: z.record(z.string(), MaskedSecretSchema),
  /** Where the provider posts its events (null until the integration is first saved). */
  webhookUrl: z.string().nullable(),
  feedUrls: z.array(z.string()),
  lastTestedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type IntegrationRecord = z.infer<typeof IntegrationRecordSchema>;

/** Every secret of a provider as a PATCH takes it: a new value, `null` to clear, omitted (or an echoed mask) to keep. */
function secretsPatchSchema(secrets: z.ZodObject) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(secrets.shape)) {
    shape[key] = z.preprocess((value) => (isSecretMask(value) ? undefined : value), (schema as z.ZodType).nullable());
  }
  return z.strictObject(shape);
}

/** `PATCH {name}`: the switch, the whole config (replacing the stored one), and secrets to set or clear. */
export function integrationPatchSchema<N extends IntegrationProviderName>(name: N) {
  const spec = integrationProviders[name];
  return z.strictObject({
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
    config: spec.config.optional(),
    secrets: secretsPatchSchema(spec.secrets).optional(),
  });
}

/**
 * Providers an asset may connect several times (docs/api.md 'Property Finder accounts'): each account has the
 * provider's config and secrets; `PATCH {name}` names the one it saves (`account`: an id, or 'new' to add one;
 * omitted: the first account, made when there is none).
 */
export const MULTI_ACCOUNT_PROVIDERS = ['propertyfinder'] as const satisfies readonly IntegrationProviderName[];
export type MultiAccountProvider = (typeof MULTI_ACCOUNT_PROVIDERS)[number];
export const isMultiAccountProvider = (name: string): name is MultiAccountProvider =>
  (MULTI_ACCOUNT_PROVIDERS as readonly string[]).includes(name);
export const NEW_ACCOUNT = 'new';
export const AccountChoiceSchema = z.union([z.uuid({ error: 'Unknown account.' }), z.literal(NEW_ACCOUNT)]);

/** `PATCH {name}` of a multi-account provider: the same body, and which account it saves. */
export function integrationAccountPatchSchema<N extends IntegrationProviderName>(name: N) {
  return integrationPatchSchema(name).extend({ account: AccountChoiceSchema.optional() });
}

export const IntegrationPatchBodySchema = z.strictObject({
  account: AccountChoiceSchema.optional(),
  enabled: z.boolean().optional(),
  config: IntegrationConfigSchema.optional(),
  secrets: z.record(z.string(), z.string().nullable()).optional(),
});
export type IntegrationPatchBody = z.infer<typeof IntegrationPatchBodySchema>;

/** The tRPC door's update: the provider, and its PATCH body (parsed again through the provider's own schema). */
export const IntegrationUpdateInputSchema = z.strictObject({ provider: IntegrationProviderNameSchema, patch: IntegrationPatchBodySchema });
export type IntegrationUpdateInput = z.infer<typeof IntegrationUpdateInputSchema>;

export const IntegrationTestResultSchema = z.strictObject({
  ok: z.boolean(),
  latencyMs: z.number().int().nonnegative(),
  detail: z.string(),
});
export type IntegrationTestResult = z.infer<typeof IntegrationTestResultSchema>;

/** The 409's `data` when a call needs a provider the asset has not configured or has switched off. */
export const INTEGRATION_UNAVAILABLE_REASONS = ['NOT_CONFIGURED', 'DISABLED'] as const;
export const IntegrationUnavailableSchema = z.strictObject({
  provider: IntegrationProviderNameSchema,
  reason: z.enum(INTEGRATION_UNAVAILABLE_REASONS),
});
export type IntegrationUnavailable = z.infer<typeof IntegrationUnavailableSchema>;
/**
 * The 409's `data` of a sync call that goes to the asset's primary CRM (leads, members, listings sync-*): the CRM,
 * `none` when the lead settings name none (then NOT_CONFIGURED).
 */
export const SyncUnavailableSchema = z.strictObject({
  provider: z.union([IntegrationProviderNameSchema, z.literal('none')]),
  reason: z.enum(INTEGRATION_UNAVAILABLE_REASONS),
});
export type SyncUnavailable = z.infer<typeof SyncUnavailableSchema>;

export const SyncModuleSchema = z.enum(SYNC_MODULES, { error: 'Unknown module.' });
/** `retrying`: an attempt failed and the queue will try again (its error is the last one); `failed`: no attempt left. */
export const SYNC_RUN_STATUSES = ['queued', 'running', 'retrying', 'completed', 'failed'] as const;
export const SyncRunCountsSchema = z.strictObject({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type SyncRunCounts = z.infer<typeof SyncRunCountsSchema>;
export const SyncRunSchema = z.strictObject({
  _id: z.string(),
  provider: IntegrationProviderNameSchema,
  kind: z.string(),
  status: z.enum(SYNC_RUN_STATUSES),
  progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
  /** What the run wrote: records made, records changed, records left alone (unchanged, or not the provider's). */
  counts: SyncRunCountsSchema,
  /** Attempts made so far (the queue makes at most SYNC_JOB_POLICY.attempts). */
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** The account it ran for (a multi-account provider), else null. */
  account: z.string().nullable(),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;

export const SYNC_INTERVAL_MINUTES = { min: 5, max: 1440, default: 60 } as const;
export const SyncScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  modules: z.array(SyncModuleSchema),
  intervalMinutes: z.number().int(),
});
export type SyncSchedule = z.infer<typeof SyncScheduleSchema>;

const intervalMessage = `Interval must be a whole number of minutes from ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max}.`;
/** `PATCH synchronization/{x}`: the schedule, and `runNow` to start a run at once (202 with its id). */
export const SynchronizationInputSchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
  modules: z.array(SyncModuleSchema).max(SYNC_MODULES.length).optional(),
  intervalMinutes: z
    .number({ error: intervalMessage })
    .int({ error: intervalMessage })
    .min(SYNC_INTERVAL_MINUTES.min, { error: intervalMessage })
    .max(SYNC_INTERVAL_MINUTES.max, { error: intervalMessage })
    .optional(),
  runNow: z.boolean().optional(),
});
export type SynchronizationInput = z.infer<typeof SynchronizationInputSchema>;

export const SyncStatusSchema = z.strictObject({
  provider: IntegrationProviderNameSchema,
  schedule: SyncScheduleSchema,
  runs: z.array(SyncRunSchema),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
export const SynchronizationResultSchema = z.strictObject({ schedule: SyncScheduleSchema, run: SyncRunSchema.nullable() });
export type SynchronizationResult = z.infer<typeof SynchronizationResultSchema>;

export const IntegrationModulesSchema = z.strictObject({
  provider: IntegrationProviderNameSchema,
  modules: z.array(z.strictObject({ module: SyncModuleSchema, enabled: z.boolean() })),
});
export type IntegrationModules = z.infer<typeof IntegrationModulesSchema>;

/**
 * `multi-apps/{x}`: the provider's connected accounts. A multi-account provider (Property Finder) answers each of its
 * accounts; any other provider its one configured setup. Secrets only masked.
 */
export const IntegrationAccountSchema = z.strictObject({
  _id: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  status: IntegrationStatusSchema,
  config: IntegrationConfigSchema,
  secrets: z.record(z.string(), MaskedSecretSchema),
  /** Where the provider posts this account's events (null for a provider without a served webhook). */
  webhookUrl: z.string().nullable(),
  /** The events subscribed at the provider for this account (Property Finder's `/v1/webhooks`). */
  webhookEvents: z.array(z.string()),
  /** Why the last subscription failed, until one succeeds. */
  webhookError: z.string().nullable(),
  lastTestedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type IntegrationAccount = z.infer<typeof IntegrationAccountSchema>;

/** `POST {name}/test` (tRPC `integrations.test`): a multi-account provider may name one account; else all are tested. */
export const IntegrationTestInputSchema = z.strictObject({
  provider: IntegrationProviderNameSchema,
  account: z.uuid({ error: 'Unknown account.' }).optional(),
});
export type IntegrationTestInput = z.infer<typeof IntegrationTestInputSchema>;
export const IntegrationTestQuerySchema = z.object({ account: z.uuid({ error: 'Unknown account.' }).optional() });

/** Which of a provider's secrets must be set before it counts as configured. */
export function requiredSecretKeys(name: IntegrationProviderName): string[] {
  const shape = integrationProviders[name].secrets.shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter((key) => integrationFieldRegistry.get(shape[key] as z.ZodType)?.required);
}
