import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSION_CODES, PERMISSIONS as P, type PermissionCode } from '../permissions/permission-codes.js';
import { baseFields, f } from '../resources/fields.js';
import { defineContract, recordWith } from '../resources/contract.js';
import { optionalId, requiredText } from '../validation/zod-helpers.js';

// API keys (docs/api.md 'API keys'): a company's keys for server-to-server calls, each working in one asset with
// the permissions it was given. An admin with INTEGRATIONS_VIEW creates and revokes them; the secret is answered
// once, on creation, and only its SHA-256 is stored.

const M = MESSAGES.apiKey;

/** Every key starts with this, so a bearer token that is a key is told from a session token at a glance. */
export const API_KEY_PREFIX = 'crm_';
/** The header an integrator may send the key in instead of `Authorization: Bearer`. */
export const API_KEY_HEADER = 'x-api-key';
/** How often a key's last-used time is written at most (a key may make thousands of calls a minute). */
export const API_KEY_LAST_USED_EVERY_MS = 60_000;

/** A key works in one asset: the company-wide SUPER_ACCESS is never given to one. */
export const API_KEY_PERMISSIONS = PERMISSION_CODES.filter((code) => code !== P.SUPER_ACCESS) as [PermissionCode, ...PermissionCode[]];

export const apiKeyFields = {
  ...baseFields(),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  prefix: f.string({ label: 'Key', searchable: true }),
  permissions: f.strings({ label: 'Permissions' }),
  lastUsedAt: f.date({ label: 'Last Used', nullable: true, sortable: true }),
  revokedAt: f.date({ label: 'Revoked At', nullable: true, sortable: true }),
};

export const apiKeyContract = defineContract({
  name: 'apiKeys',
  path: 'api-keys',
  label: { one: 'API key', many: 'API keys' },
  scope: 'asset',
  fields: apiKeyFields,
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['name', 'prefix', 'lastUsedAt', 'revokedAt', 'createdAt'],
  // Created and revoked by the module's own calls (the secret is answered once); the engine serves the lists.
  upsertKey: false,
  permissions: { read: [P.INTEGRATIONS_VIEW] },
});

export const ApiKeyRecordSchema = apiKeyContract.record;
export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

/** `POST /api-keys`: a name and the permissions the key carries (at least one). */
export const ApiKeyCreateInputSchema = z.strictObject({
  name: requiredText(M.nameRequired, MESSAGES.common.fieldOnlyWhitespace, 100),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: M.permissionInvalid }), { error: M.permissionsRequired })
    .min(1, { error: M.permissionsRequired })
    .max(API_KEY_PERMISSIONS.length),
  /** The active asset is the default; naming another is checked by the tenancy rule. */
  asset: optionalId('Asset'),
});
export type ApiKeyCreateInput = z.infer<typeof ApiKeyCreateInputSchema>;

/** The created key: its record and, this once, the secret. */
export const ApiKeyCreatedSchema = recordWith(apiKeyContract, { key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyIdInputSchema = z.strictObject({ id: z.string().max(100) });
