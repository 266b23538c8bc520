import { customerContract, customerFullName, isValidPhone, MESSAGES, toPhoneNumber } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { STORED_FILE_COLUMNS, fileUrlColumn } from '../storage/index.js';
import { defineResource } from '../../resources/resource-define.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';
import { assertNoDuplicateCustomer } from './customer-rules.js';

/** What Intercom's contact carries of a customer. */
const INTERCOM_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'phoneCode'];

const AVATAR = { field: 'avatar', column: 'imageUrl', label: 'Avatar', image: true };

// Customers (docs/product.md 'Customers'): email and phone are sensitive (VIEW_SENSITIVE_INFORMATION to see them, to filter by
// them and to change them); fullName, phoneNumber, imageUrl and the per-asset customerID are derived here, and a
// phone number or email already used by another customer of the asset is a 409 (customer-rules.ts).
// Creating with email and phone needs only CUSTOMER_ADD: the lead form's drawer adds customers with them, and a
// new record exposes nothing stored; the answer still hides them from a caller without the permission.
// Search is the engine's (GET customers/search; the lead form asks for 40 rows): a typed phone matches its digits; candidates
// come through `searchText`, the search fields in one column the database keeps (docs/architecture.md 'Database'). Lists answer an exact total cached per filter (a book of a million customers, npm run bench).

const text = (value: unknown) => (typeof value === 'string' ? value : null);

async function nextCustomerId({ tx, scope }: WriteHookInput): Promise<string> {
  if (!scope.assetId) throw AppError.forbidden('You have no asset to work in.');
  const asset = await tx.asset.update({
    where: { id: scope.assetId },
    data: { customerSequence: { increment: 1 } },
    select: { customerSequence: true },
  });
  return `C-${String(asset.customerSequence).padStart(6, '0')}`;
}

/** Derived columns after a change of name or phone; a lone phone or code is checked against the stored other. */
function derived(body: Row, existing: Row | undefined): Row {
  const out: Row = {};
  if ('firstName' in body || 'lastName' in body) {
    out.fullName = customerFullName(
      text(body.firstName) ?? text(existing?.firstName) ?? '',
      'lastName' in body ? text(body.lastName) : text(existing?.lastName),
    );
  }
  if ('phone' in body || 'phoneCode' in body) {
    const code = 'phoneCode' in body ? text(body.phoneCode) : text(existing?.phoneCode);
    const phone = 'phone' in body ? text(body.phone) : text(existing?.phone);
    if (code && phone && !isValidPhone(code, phone))
      throw AppError.validation({ phone: [MESSAGES.customer.phoneInvalid] }, MESSAGES.customer.phoneInvalid);
    out.phoneNumber = toPhoneNumber(code, phone);
  }
  return out;
}

export const customerResource = defineResource(customerContract, {
  customFieldKind: 'customer',
  model: 'customer',
  refs: { avatar: { model: 'storedFile' } },
  populate: { avatar: { columns: STORED_FILE_COLUMNS } },
  cachedCount: true,
  searchColumn: 'searchText',
  searchWordsColumn: 'searchWords',
  hooks: {
    beforeCreate: async (input) => {
      const out = { ...derived(input.body, undefined), ...(await fileUrlColumn(input, AVATAR)) };
      await assertNoDuplicateCustomer(input, out);
      // Created at the services' clock (the demo seed's customers at their moment), as the leads are.
      return { ...out, customerID: await nextCustomerId(input), createdAt: input.deps.clock.now() };
    },
    beforeUpdate: async (input) => {
      const out = { ...derived(input.body, input.existing), ...(await fileUrlColumn(input, AVATAR)) };
      await assertNoDuplicateCustomer(input, out);
      return out;
    },
    // Every write tells of itself (customer.written) in its transaction: the integrations answer it (the Do Not Call
    // check of a new or changed number, Intercom's contact, the marketing providers' lists), at least once.
    events: ({ record, body, created }, scope) => {
      const assetId = typeof record.asset === 'string' ? record.asset : scope.assetId;
      if (!assetId) return [];
      const updatedAt = typeof record.updatedAt === 'string' ? Date.parse(record.updatedAt) : Date.now();
      const payload = {
        customerId: record._id,
        assetId,
        created,
        numberChanged: created || 'phone' in body || 'phoneCode' in body,
        contactChanged: created || INTERCOM_CONTACT_FIELDS.some((field) => field in body),
        version: String(updatedAt),
      };
      return [{ type: 'customer.written', payload, assetId }];
    },
  },
});
