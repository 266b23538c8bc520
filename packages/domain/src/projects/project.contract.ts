import { z } from 'zod';
import { CustomFieldValuesInputSchema, customFieldsField } from '../custom-fields/custom-field-values.js';
import { LIMITS } from '../constants/limits.constants.js';
import { AMENITIES } from '../leads/amenities.js';
import { UNIT_TYPES } from '../leads/unit-types.js';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalId, optionalText, requiredText } from '../validation/zod-helpers.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { PERMIT_STATUSES } from '../listings/listing-syndication.js';
import { developerFields } from './developer.contract.js';
import { ProjectTranslationsSchema } from './project-translations.js';
import {
  DldDetailsSchema,
  GalleryImageSchema,
  PaymentPlanSchema,
  PROJECT_STATUSES,
  ProjectFaqSchema,
  UnitTypeDetailSchema,
} from './project-parts.js';

// Off-plan projects. The lead form searches them with no limit; the Leads report shows their name, campaign and
// developer; their agents receive the project's off-plan leads. The parts the editor saves tab by tab (unit types,
// payment plans, gallery, DLD, FAQ...) have their own calls and shapes (project-parts.ts).
export const projectFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  slug: f.string({ label: 'Slug', exportable: false }),
  enabled: f.boolean({ label: 'Enabled' }),
  translations: f.json({ label: 'Translations' }, ProjectTranslationsSchema),
  developer: f.ref('developers', { label: 'Developer', exportable: false }),
  campaignName: f.string({ label: 'Campaign Name', nullable: true, sortable: true, searchable: true, distinct: true }),
  country: f.string({ label: 'Country', nullable: true, distinct: true, exportable: false }),
  city: f.string({ label: 'City', nullable: true, sortable: true, searchable: true, distinct: true }),
  community: f.string({ label: 'Community', nullable: true, searchable: true, distinct: true }),
  location: f.string({ label: 'Location', nullable: true, searchable: true, distinct: true }),
  status: f.enum(PROJECT_STATUSES, { label: 'Status', sortable: true, distinct: true }),
  // The last Trakheesi check (GET trakheesi/{project}/{permit}), never written by the form.
  permitNumber: f.string({ label: 'Permit (Trakheesi)', nullable: true }),
  permitStatus: f.enum(PERMIT_STATUSES, { label: 'Permit Status', distinct: true }),
  permitExpiresAt: f.date({ label: 'Permit Expiry', nullable: true }),
  permitCheckedAt: f.date({ label: 'Permit Checked', nullable: true }),
  description: f.string({ label: 'Description', nullable: true, exportable: false }),
  descriptionAr: f.string({ label: 'Description (Arabic)', nullable: true, exportable: false }),
  bedrooms: f.ints({ label: 'Bedrooms', exportable: false }),
  amenities: f.strings({ label: 'Amenities', exportable: false }),
  unitTypes: f.strings({ label: 'Unit Types', exportable: false }),
  minPrice: f.money({ label: 'Min Price', nullable: true, sortable: true }),
  maxPrice: f.money({ label: 'Max Price', nullable: true, sortable: true }),
  startDate: f.date({ label: 'Start Date', nullable: true, sortable: true, exportable: false }),
  completionDate: f.date({ label: 'Completion Date', nullable: true, sortable: true }),
  handoverDate: f.date({ label: 'Handover Date', nullable: true, sortable: true, exportable: false }),
  types: f.json({ label: 'Unit Types', exportable: false }, z.array(UnitTypeDetailSchema)),
  paymentPlans: f.json({ label: 'Payment Plans', exportable: false }, z.array(PaymentPlanSchema)),
  gallery: f.json({ label: 'Gallery', exportable: false }, z.array(GalleryImageSchema)),
  dld: f.json({ label: 'DLD', exportable: false }, DldDetailsSchema),
  keyPoints: f.strings({ label: 'Key Points', exportable: false }),
  faqHeading: f.string({ label: 'FAQ Heading', nullable: true, exportable: false }),
  faqHeadingAr: f.string({ label: 'FAQ Heading (Arabic)', nullable: true, exportable: false }),
  faqs: f.json({ label: 'FAQ', exportable: false }, z.array(ProjectFaqSchema)),
  brochure: f.ref('storage', { label: 'Brochure', exportable: false }),
  brochureUrl: f.string({ label: 'Brochure URL', nullable: true, exportable: false }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, exportable: false }),
  customFields: customFieldsField(),
};

const price = z.number().min(0).max(LIMITS.MAX_BUDGET).nullish();
export const ProjectInputSchema = z.strictObject({
  name: requiredText(MESSAGES.record.required('Name'), undefined, 300),
  slug: requiredText(MESSAGES.record.required('Slug'), undefined, 300),
  enabled: z.boolean().optional(),
  translations: ProjectTranslationsSchema.nullish(),
  developer: optionalId('Developer'),
  campaignName: optionalText(300),
  country: optionalText(100),
  city: optionalText(100),
  community: optionalText(200),
  location: optionalText(200),
  status: z.enum(PROJECT_STATUSES, { error: MESSAGES.lead.invalidOption('Status') }).optional(),
  description: optionalText(20000),
  descriptionAr: optionalText(20000),
  brochure: optionalId('Brochure'),
  bedrooms: z.array(z.number().int().min(0).max(LIMITS.MAX_ROOMS)).max(50).optional(),
  amenities: z.array(z.enum(AMENITIES)).max(100).optional(),
  unitTypes: z.array(z.enum(UNIT_TYPES)).max(100).optional(),
  minPrice: price,
  maxPrice: price,
  startDate: z.iso.datetime({ offset: true }).nullish(),
  completionDate: z.iso.datetime({ offset: true }).nullish(),
  handoverDate: z.iso.datetime({ offset: true }).nullish(),
  sourceDataId: optionalText(200),
  customFields: CustomFieldValuesInputSchema.optional(),
});
export type ProjectInput = z.infer<typeof ProjectInputSchema>;

export const projectContract = defineContract({
  name: 'projects',
  path: 'properties/projects',
  label: { one: 'project', many: 'projects' },
  scope: 'asset',
  softDelete: true,
  fields: projectFields,
  relations: {
    developer: rel.one('developers', pickFields(developerFields, ['_id', 'name', 'slug', 'logoUrl']), { label: 'Developer' }),
    agents: rel.many('members', pickFields(memberFields, ['_id', 'name', 'enabled']), { label: 'Agents' }),
    brochure: rel.one('storage', pickFields(storedFileFields, ['_id', 'name', 'file']), { label: 'Brochure' }),
  },
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: [
    'name',
    'campaignName',
    'developer.name',
    'status',
    'city',
    'community',
    'location',
    'minPrice',
    'maxPrice',
    'completionDate',
    'enabled',
    'createdAt',
  ],
  create: ProjectInputSchema,
  permissions: {
    read: [P.PROJECTS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    create: [P.PROJECTS_VIEW],
    update: [P.PROJECTS_VIEW],
    delete: [P.PROJECTS_VIEW],
  },
  // PATCH {id}/change-faqs-order: the FAQ tab's drag and drop over the project's own questions.
  order: { list: 'faqs', names: { one: 'question', many: 'questions', within: 'project' } },
});
