import { customFieldsField } from '../custom-fields/custom-field-values.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { CUSTOMER_EMAIL_STATUSES, CUSTOMER_TYPES } from './customer-enums.js';
import { CustomerInputSchema, CustomerUpdateInputSchema, CustomerUpsertInputSchema } from './customer-form.schema.js';

// Customers: email and phone are sensitive (VIEW_SENSITIVE_INFORMATION to see, filter, sort or change them).
// fullName, phoneNumber, imageUrl and the per-asset customerID are derived by the server from what is written.
export const customerFields = {
  ...baseFields({ softDelete: true }),
  customerID: f.string({ label: 'Customer ID', sortable: true, searchable: true }),
  firstName: f.string({ label: 'First Name', sortable: true, exportable: false }),
  lastName: f.string({ label: 'Last Name', nullable: true, sortable: true, exportable: false }),
  fullName: f.string({ label: 'Full Name', sortable: true, searchable: true }),
  email: f.string({ label: 'Email', nullable: true, sensitive: true, searchable: true }),
  phoneCode: f.string({ label: 'Phone Code', nullable: true, sensitive: true, exportable: false }),
  phone: f.string({ label: 'Phone', nullable: true, sensitive: true, exportable: false }),
  phoneNumber: f.string({ label: 'Phone Number', nullable: true, sensitive: true, searchable: true, searchDigits: true }),
  type: f.enum(CUSTOMER_TYPES, { label: 'Type', sortable: true, distinct: true }),
  enabled: f.boolean({ label: 'Enabled', sortable: true, distinct: true }),
  doNotDisturb: f.boolean({ label: 'Do Not Disturb', distinct: true }),
  inputSource: f.string({ label: 'Input Source', nullable: true, distinct: true }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, searchable: true }),
  imageUrl: f.string({ label: 'Image', nullable: true, exportable: false }),
  avatar: f.ref('storage', { label: 'Avatar', exportable: false }),
  translations: f.json({ label: 'Translations' }),
  dncrStatus: f.string({ label: 'DNCR Status', nullable: true, distinct: true }),
  // Set by the mail provider's events (SendGrid): bounced, unsubscribed or spam; null while the address is fine.
  emailStatus: f.enum(CUSTOMER_EMAIL_STATUSES, { label: 'Email Status', nullable: true, distinct: true }),
  emailStatusAt: f.date({ label: 'Email Status Since', nullable: true, exportable: false }),
  crmId: f.string({ label: 'External CRM ID', nullable: true, exportable: false }),
  loginEnabled: f.boolean({ label: 'Login Enabled', distinct: true }),
  quickLoginExpiresAt: f.date({ label: 'Quick Login Expires At', nullable: true, exportable: false }),
  customFields: customFieldsField(),
};

export const customerContract = defineContract({
  name: 'customers',
  path: 'customers',
  label: { one: 'customer', many: 'customers' },
  scope: 'asset',
  softDelete: true,
  fields: customerFields,
  relations: {
    avatar: rel.one('storage', pickFields(storedFileFields, ['_id', 'name', 'file', 'thumbnail', 'type']), { label: 'Avatar' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: [
    'customerID',
    'fullName',
    'email',
    'phoneNumber',
    'type',
    'enabled',
    'doNotDisturb',
    'inputSource',
    'sourceDataId',
    'createdAt',
  ],
  create: CustomerInputSchema,
  update: CustomerUpdateInputSchema,
  upsert: CustomerUpsertInputSchema,
  // Creating with email and phone needs only CUSTOMER_ADD: the lead form's drawer adds customers with them.
  permissions: {
    read: [P.CUSTOMERS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE],
    create: [P.CUSTOMER_ADD],
    update: [P.CUSTOMER_UPDATE],
    delete: [P.CUSTOMER_UPDATE],
  },
});
