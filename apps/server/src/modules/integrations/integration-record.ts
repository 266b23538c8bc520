import {
  INTEGRATION_STATUSES,
  isMultiAccountProvider,
  isPartnerFeedProvider,
  isPortalLeadProvider,
  IntegrationConfigSchema,
  integrationProviders,
  maskSecret,
  requiredSecretKeys,
  type IntegrationConfig,
  type IntegrationProviderName,
  type IntegrationRecord,
  type IntegrationStatus,
  type MaskedSecret,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { IntegrationConfig as IntegrationRow } from '../../generated/prisma/client.js';
import { secretBox, type SecretValues } from '../../core/secret-box.js';
import { feedUrlOf } from './feed-token.js';

// One integration row as the API answers it (secrets only masked), and the facts other services read from it.

export type { IntegrationRow };

/** What binds a sealed blob to its row (the additional data of AES-GCM). */
export const secretsBinding = (assetId: string, provider: string) => `${assetId}:${provider}`;

export function findIntegration(deps: Pick<AppDeps, 'db'>, assetId: string, provider: IntegrationProviderName) {
  return deps.db.integrationConfig.findUnique({ where: { assetId_name: { assetId, name: provider } } });
}

/** The row's secrets in clear: only for a call to the provider, never for an answer or a log line. */
export function openSecrets(deps: Pick<AppDeps, 'env'>, row: IntegrationRow | null): SecretValues {
  if (!row?.secretsCiphertext || !row.secretsIv || !row.secretsTag || !row.secretsKeyVersion) return {};
  return secretBox(deps.env).open(
    { ciphertext: row.secretsCiphertext, iv: row.secretsIv, tag: row.secretsTag, keyVersion: row.secretsKeyVersion },
    secretsBinding(row.assetId, row.name),
  );
}

/** Stored config re-checked on the way out: a value the schema no longer knows is left out rather than a 500. */
export function storedConfig(row: IntegrationRow | null): IntegrationConfig {
  const parsed = IntegrationConfigSchema.safeParse(row?.config ?? {});
  return parsed.success ? parsed.data : {};
}

/** Complete enough to call the provider: its config passes its schema and every required secret is set. */
export function isComplete(provider: IntegrationProviderName, config: IntegrationConfig, secrets: SecretValues): boolean {
  return (
    integrationProviders[provider].config.safeParse(config).success && requiredSecretKeys(provider).every((key) => Boolean(secrets[key]))
  );
}

export const statusOf = (row: IntegrationRow | null): IntegrationStatus =>
  (INTEGRATION_STATUSES as readonly string[]).includes(row?.status ?? '') ? (row?.status as IntegrationStatus) : 'not_configured';

/** What a multi-account provider's record shows of its first account (the config, secrets and webhook of old). */
export interface FirstAccount {
  config: IntegrationConfig;
  secrets: SecretValues;
  webhookUrl: string;
}

export function toIntegrationRecord(
  deps: Pick<AppDeps, 'env'>,
  assetId: string,
  provider: IntegrationProviderName,
  row: IntegrationRow | null,
  firstAccount?: FirstAccount | null,
): IntegrationRecord {
  const spec = integrationProviders[provider];
  const secrets = firstAccount ? firstAccount.secrets : openSecrets(deps, row);
  const masked: Record<string, MaskedSecret> = {};
  for (const key of Object.keys(spec.secrets.shape)) {
    const value = secrets[key];
    masked[key] = value ? { set: true, hint: maskSecret(value) } : { set: false, hint: null };
  }
  return {
    _id: row?.id ?? null,
    provider,
    label: spec.label,
    kind: spec.kind,
    capabilities: [...spec.capabilities],
    asset: assetId,
    enabled: row?.enabled ?? false,
    status: statusOf(row),
    config: firstAccount ? firstAccount.config : storedConfig(row),
    secrets: masked,
    // Only where a receiver answers (the partners' and the portals' lead webhooks, WhatsApp's, SendGrid's events,
    // DocuSign Connect): never an address that 404s. A multi-account provider's webhooks are its accounts'
    // (multi-apps/{x}); this is its first account's.
    webhookUrl:
      row && isMultiAccountProvider(provider)
        ? (firstAccount?.webhookUrl ?? null)
        : row &&
            (isPartnerFeedProvider(provider) ||
              isPortalLeadProvider(provider) ||
              provider === 'whatsapp' ||
              provider === 'sendgrid' ||
              provider === 'docusign')
          ? `${deps.env.APP_URL.replace(/\/+$/, '')}/api/integrations/${provider}/webhook/${row.id}`
          : null,
    // The signed listing feed's address once its secret is set (feed-token.ts).
    feedUrls: [feedUrlOf(deps, row)].filter((url): url is string => url !== null),
    lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
