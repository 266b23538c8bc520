import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, JsonValueSchema, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { optionalId, optionalText, requiredText } from '../validation/zod-helpers.js';

const M = MESSAGES.record;

// Developers build the off-plan projects agents sell; the logo is a stored image picked in Storage.
export const developerFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  slug: f.string({ label: 'Slug', nullable: true, searchable: true }),
  logo: f.ref('storage', { label: 'Logo', exportable: false }),
  logoUrl: f.string({ label: 'Logo URL', nullable: true, exportable: false }),
  description: f.string({ label: 'Description', nullable: true }),
  website: f.string({ label: 'Website', nullable: true }),
  translations: f.json({ label: 'Translations' }),
};

const website = z
  .url({ protocol: /^https?$/, error: M.invalidUrl('Website') })
  .max(1000)
  .nullish()
  .or(z.literal(''));

export const DeveloperInputSchema = z.strictObject({
  name: requiredText(M.required('Name'), undefined, 200),
  slug: optionalText(200),
  logo: optionalId('Logo'),
  description: optionalText(5000),
  website,
  translations: z.record(z.string(), JsonValueSchema).nullish(),
});
export type DeveloperInput = z.infer<typeof DeveloperInputSchema>;

export const developerContract = defineContract({
  name: 'developers',
  path: 'properties/developers',
  label: { one: 'developer', many: 'developers' },
  scope: 'asset',
  softDelete: true,
  fields: developerFields,
  relations: { logo: rel.one('storage', pickFields(storedFileFields, ['_id', 'name', 'file', 'thumbnail']), { label: 'Logo' }) },
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'slug', 'website', 'description', 'createdAt'],
  create: DeveloperInputSchema,
  permissions: {
    read: [P.DEVELOPERS_VIEW, P.PROJECTS_VIEW, P.LEADS_REPORT_VIEW],
    create: [P.DEVELOPERS_VIEW],
    update: [P.DEVELOPERS_VIEW],
    delete: [P.DEVELOPERS_VIEW],
  },
});
