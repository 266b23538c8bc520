import {
  fieldMessagesOf,
  integrationAccountPatchSchema,
  integrationFormFields,
  integrationPatchSchema,
  isMultiAccountProvider,
  type IntegrationAccount,
  type IntegrationConfig,
  type IntegrationFormField,
  type IntegrationPatchBody,
  type IntegrationProviderName,
  type IntegrationRecord,
} from '@crm/domain';

// A provider's form values <-> its PATCH body (docs/api.md 'Integrations'). Secrets are never shown: their inputs
// start empty, an empty one keeps the stored secret, a typed one replaces it.

export type FormValue = string | number | boolean | string[] | undefined;
export interface IntegrationFormValues {
  enabled: boolean;
  config: Record<string, FormValue>;
  secrets: Record<string, string | undefined>;
  /** Stored secrets to remove (sent as null). */
  clear: Record<string, boolean | undefined>;
}

/** A map field is edited as lines of `ours = theirs`. */
const mapToText = (value: Record<string, string>) =>
  Object.entries(value)
    .map(([key, target]) => `${key} = ${target}`)
    .join('\n');

function textToMap(text: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const key = line.slice(0, at).trim();
    if (key) map[key] = line.slice(at + 1).trim();
  }
  return map;
}

export function toFormValues(
  record: Pick<IntegrationRecord, 'config' | 'enabled'>,
  fields: readonly IntegrationFormField[],
): IntegrationFormValues {
  const config: Record<string, FormValue> = {};
  for (const field of fields) {
    const value = record.config[field.key];
    if (value === undefined) continue;
    config[field.key] =
      field.input === 'map' && typeof value === 'object' && !Array.isArray(value) ? mapToText(value) : (value as FormValue);
  }
  return { enabled: record.enabled, config, secrets: {}, clear: {} };
}

/** The form's values as the PATCH body: blanks left out of the config, only typed secrets sent. */
export function toPatchBody(values: IntegrationFormValues, fields: readonly IntegrationFormField[]): IntegrationPatchBody {
  const config: IntegrationConfig = {};
  for (const field of fields) {
    const value = values.config[field.key];
    if (value === undefined || value === null || value === '') continue;
    if (field.input === 'map' && typeof value === 'string') {
      const map = textToMap(value);
      if (Object.keys(map).length) config[field.key] = map;
    } else if (Array.isArray(value)) {
      if (value.length) config[field.key] = value;
    } else config[field.key] = typeof value === 'string' ? value.trim() : value;
  }
  const secrets: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values.secrets ?? {})) if (typeof value === 'string' && value.trim()) secrets[key] = value;
  for (const [key, remove] of Object.entries(values.clear ?? {})) if (remove && secrets[key] === undefined) secrets[key] = null;
  return { enabled: values.enabled, config, ...(Object.keys(secrets).length ? { secrets } : {}) };
}

/** The provider's own schema checks the body in the browser too: the same field messages as the server's 400. */
export function validatePatch(provider: IntegrationProviderName, body: IntegrationPatchBody): Record<string, string[]> | null {
  const schema = isMultiAccountProvider(provider) ? integrationAccountPatchSchema(provider) : integrationPatchSchema(provider);
  const parsed = schema.safeParse(body);
  return parsed.success ? null : fieldMessagesOf(parsed.error.issues);
}

/** One account's settings as its form shows them (secrets start empty, as the integration's do). */
export function accountFormValues(account: Pick<IntegrationAccount, 'config' | 'enabled'>, fields: readonly IntegrationFormField[]) {
  return toFormValues({ config: account.config, enabled: account.enabled }, fields);
}

export const formFieldsOf = integrationFormFields;
