import { z } from 'zod';
import { isValidTimeZone } from '../auth/asset-settings.schemas.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';
import { requiredText } from '../validation/zod-helpers.js';
import { ADMIN_MESSAGES } from './admin.messages.js';

// Admin > Assets: the company's workspaces. Created and renamed through the engine (company scope: another
// company's asset is a 404), disabled by the module's own call; a disabled asset leaves every user's asset list and
// switcher at their next request, and its records stay.

const M = ADMIN_MESSAGES.asset;

/** ISO 4217 codes the runtime knows (browsers and Node alike). */
export function isValidCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

export const companyAssetFields = {
  _id: f.id({ label: 'ID', exportable: false }),
  company: f.id({ label: 'Company', exportable: false }),
  creator: f.ref('users', { label: 'Created By', exportable: false }),
  updatedBy: f.ref('users', { label: 'Last Updated By', exportable: false }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  timezone: f.string({ label: 'Timezone', sortable: true, distinct: true }),
  currencyCode: f.string({ label: 'Currency', sortable: true, distinct: true }),
  disabledAt: f.date({ label: 'Disabled At', nullable: true, sortable: true }),
  createdAt: f.date({ label: 'Created At', sortable: true }),
  updatedAt: f.date({ label: 'Updated At', sortable: true }),
};

export const CompanyAssetInputSchema = z.strictObject({
  name: requiredText(M.nameRequired, undefined, 200),
  timezone: z.string({ error: M.timezoneInvalid }).refine(isValidTimeZone, M.timezoneInvalid),
  currencyCode: z.string({ error: M.currencyInvalid }).trim().toUpperCase().refine(isValidCurrency, M.currencyInvalid),
});
export type CompanyAssetInput = z.infer<typeof CompanyAssetInputSchema>;

export const companyAssetContract = defineContract({
  name: 'companyAssets',
  path: 'company-assets',
  label: { one: 'asset', many: 'assets' },
  scope: 'company',
  fields: companyAssetFields,
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'timezone', 'currencyCode', 'disabledAt', 'createdAt'],
  create: CompanyAssetInputSchema,
  upsertKey: false,
  permissions: { read: [P.ASSETS_VIEW], create: [P.ASSETS_VIEW], update: [P.ASSETS_VIEW] },
});

export const CompanyAssetRecordSchema = companyAssetContract.record;
export type CompanyAssetRecord = z.infer<typeof CompanyAssetRecordSchema>;

/** `PATCH /company-assets/{id}/status`. */
export const CompanyAssetStatusCallInputSchema = z.strictObject({ id: z.string().max(100), enabled: z.boolean() });
