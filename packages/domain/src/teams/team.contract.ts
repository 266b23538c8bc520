import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, JsonValueSchema, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { optionalId, optionalText, requiredText, UUID_PATTERN } from '../validation/zod-helpers.js';

const M = MESSAGES.record;

// Departments and groups organise the team; members are the agents and managers leads are routed to.

export const departmentFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  translations: f.json({ label: 'Translations' }),
};

export const DepartmentInputSchema = z.strictObject({
  name: requiredText(M.required('Name'), undefined, 200),
  translations: z.record(z.string(), JsonValueSchema).nullish(),
});

export const departmentContract = defineContract({
  name: 'departments',
  path: 'teams/departments',
  label: { one: 'department', many: 'departments' },
  scope: 'asset',
  softDelete: true,
  fields: departmentFields,
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'createdAt'],
  create: DepartmentInputSchema,
  // The Brokers report filters by department: its readers may list the names.
  permissions: {
    read: [P.DEPARTMENTS_VIEW, P.MEMBERS_VIEW, P.BETTER_AGENT_REPORT_VIEW],
    create: [P.DEPARTMENTS_VIEW],
    update: [P.DEPARTMENTS_VIEW],
    delete: [P.DEPARTMENTS_VIEW],
  },
});

export const memberFields = {
  ...baseFields({ softDelete: true }),
  user: f.ref('users', { label: 'User', exportable: false }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  office: f.ref('offices', { label: 'Office', exportable: false }),
  officeName: f.string({ label: 'Office', nullable: true, sortable: true, searchable: true, distinct: true }),
  brn: f.string({ label: 'BRN', nullable: true, searchable: true }),
  brnExpiresAt: f.date({ label: 'BRN Expiry', nullable: true, sortable: true }),
  designation: f.string({ label: 'Designation', nullable: true, sortable: true, distinct: true }),
  email: f.string({ label: 'Email', nullable: true, searchable: true }),
  phone: f.string({ label: 'Phone', nullable: true, exportable: false }),
  phoneCode: f.string({ label: 'Phone Code', nullable: true, exportable: false }),
  phoneNumber: f.string({ label: 'Phone Number', nullable: true, searchable: true }),
  whatsappNumber: f.string({ label: 'WhatsApp Number', nullable: true, exportable: false }),
  inputSource: f.string({ label: 'Input Source', nullable: true, distinct: true, exportable: false }),
  enabled: f.boolean({ label: 'Enabled', sortable: true }),
  translations: f.json({ label: 'Translations' }),
  dataSourceCreatedAt: f.date({ label: 'Source Created At', nullable: true, sortable: true, exportable: false }),
  dataSourceUpdatedAt: f.date({ label: 'Source Updated At', nullable: true, exportable: false }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, searchable: true }),
  crmId: f.string({ label: 'External CRM ID', nullable: true, exportable: false }),
  photoUrl: f.string({ label: 'Photo', nullable: true, exportable: false }),
  originalPhotoUrl: f.string({ label: 'Original Photo', nullable: true, exportable: false }),
  areas: f.strings({ label: 'Areas', exportable: false }),
  description: f.string({ label: 'Description', nullable: true, exportable: false }),
  videoLink: f.string({ label: 'Video', nullable: true, exportable: false }),
  facebookProfileLink: f.string({ label: 'Facebook', nullable: true, exportable: false }),
  twitterProfileLink: f.string({ label: 'Twitter', nullable: true, exportable: false }),
  instagramProfileLink: f.string({ label: 'Instagram', nullable: true, exportable: false }),
  linkedInProfileLink: f.string({ label: 'LinkedIn', nullable: true, exportable: false }),
  calendly: f.string({ label: 'Calendly', nullable: true, exportable: false }),
  showContactInfo: f.boolean({ label: 'Show Contact Info', exportable: false }),
  isTest: f.boolean({ label: 'Test Agent' }),
  isLeadProcessEnabled: f.boolean({ label: 'Receives Leads', exportable: false }),
  isEngageHero: f.boolean({ label: 'Engage Hero', exportable: false }),
  leadWeight: f.int({ label: 'Lead Weight', sortable: true, exportable: false }),
  type: f.string({ label: 'Type', nullable: true, distinct: true, exportable: false }),
  department: f.ref('departments', { label: 'Department', exportable: false }),
  reportedTo: f.ref('members', { label: 'Manager', exportable: false }),
  averageResponseTime: f.number({ label: 'Average Response Time', nullable: true, sortable: true }),
  // Photos picked in Storage: avatar's URL is photoUrl; the others keep theirs beside them.
  avatar: f.ref('storage', { label: 'Photo', exportable: false }),
  avatar2: f.ref('storage', { label: 'Second Photo', exportable: false }),
  avatar2Url: f.string({ label: 'Second Photo URL', nullable: true, exportable: false }),
  brochureAvatar: f.ref('storage', { label: 'Brochure Photo', exportable: false }),
  brochureAvatarUrl: f.string({ label: 'Brochure Photo URL', nullable: true, exportable: false }),
  whatsappCode: f.string({ label: 'WhatsApp Code', nullable: true, exportable: false }),
  whatsappConfig: f.json({ label: 'WhatsApp Settings', exportable: false }),
  contactCard: f.string({ label: 'Contact Card', nullable: true, exportable: false }),
};

const link = optionalText(500);
export const MemberInputSchema = z.strictObject({
  name: requiredText(M.required('Name'), undefined, 200),
  /** The member's user account (a user of the company; one member per user in an asset): their login. */
  user: optionalId('User'),
  /** Replaces the member's groups (groups of the asset). */
  groups: z
    .array(z.string().regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption('Group') }))
    .max(100)
    .optional(),
  officeName: optionalText(200),
  brn: optionalText(40),
  brnExpiresAt: z.iso.datetime({ offset: true }).nullish(),
  designation: optionalText(200),
  email: z.email(MESSAGES.customer.emailInvalid).max(254).nullish(),
  phone: optionalText(30),
  phoneCode: optionalText(8),
  phoneNumber: optionalText(40),
  whatsappNumber: optionalText(40),
  inputSource: optionalText(100),
  enabled: z.boolean().optional(),
  translations: z.record(z.string(), JsonValueSchema).nullish(),
  dataSourceCreatedAt: z.iso.datetime({ offset: true }).nullish(),
  dataSourceUpdatedAt: z.iso.datetime({ offset: true }).nullish(),
  sourceDataId: optionalText(200),
  crmId: optionalText(200),
  photoUrl: link,
  originalPhotoUrl: link,
  areas: z.array(z.string().max(200)).max(200).optional(),
  description: optionalText(5000),
  videoLink: link,
  facebookProfileLink: link,
  twitterProfileLink: link,
  instagramProfileLink: link,
  linkedInProfileLink: link,
  calendly: link,
  showContactInfo: z.boolean().optional(),
  isTest: z.boolean().optional(),
  isLeadProcessEnabled: z.boolean().optional(),
  isEngageHero: z.boolean().optional(),
  leadWeight: z.number().int().min(0).max(1000).optional(),
  type: optionalText(100),
  department: optionalId('Department'),
  reportedTo: optionalId('Reported To'),
  office: optionalId('Office'),
  avatar: optionalId('Photo'),
  avatar2: optionalId('Second Photo'),
  brochureAvatar: optionalId('Brochure Photo'),
  whatsappCode: optionalText(8),
  contactCard: link,
});
export type MemberInput = z.infer<typeof MemberInputSchema>;

const memberRef = pickFields(memberFields, ['_id', 'name', 'enabled']);
const photo = pickFields(storedFileFields, ['_id', 'name', 'file', 'thumbnail']);

export const groupFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
};

export const GroupInputSchema = z.strictObject({ name: requiredText(M.required('Name'), undefined, 200) });

export const groupContract = defineContract({
  name: 'groups',
  path: 'teams/groups',
  label: { one: 'group', many: 'groups' },
  scope: 'asset',
  softDelete: true,
  fields: groupFields,
  relations: { members: rel.many('members', memberRef, { label: 'Members' }) },
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'createdAt'],
  create: GroupInputSchema,
  permissions: { read: [P.GROUPS_VIEW, P.MEMBERS_VIEW], create: [P.GROUPS_VIEW], update: [P.GROUPS_VIEW], delete: [P.GROUPS_VIEW] },
});

// The lead form and the Leads report read members too, so LEAD_ADD / LEAD_UPDATE / LEADS_REPORT_VIEW may list them.
export const memberContract = defineContract({
  name: 'members',
  path: 'teams/members',
  label: { one: 'team member', many: 'team members' },
  scope: 'asset',
  softDelete: true,
  fields: memberFields,
  relations: {
    department: rel.one('departments', pickFields(departmentFields, ['_id', 'name', 'translations']), { label: 'Department' }),
    reportedTo: rel.one('members', memberRef, { label: 'Manager' }),
    office: rel.one('offices', { _id: f.id({ label: 'ID' }), name: f.string({ label: 'Name' }) }, { label: 'Office' }),
    groups: rel.many('groups', pickFields(groupFields, ['_id', 'name']), { label: 'Groups' }),
    avatar: rel.one('storage', photo, { label: 'Photo' }),
    avatar2: rel.one('storage', photo, { label: 'Second Photo' }),
    brochureAvatar: rel.one('storage', photo, { label: 'Brochure Photo' }),
  },
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: [
    'name',
    'email',
    'phoneNumber',
    'officeName',
    'designation',
    'department.name',
    'reportedTo.name',
    'enabled',
    'isTest',
    'averageResponseTime',
    'sourceDataId',
    'createdAt',
  ],
  create: MemberInputSchema,
  permissions: {
    read: [P.MEMBERS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    create: [P.MEMBERS_VIEW],
    update: [P.MEMBERS_VIEW],
    delete: [P.MEMBERS_VIEW],
  },
});
