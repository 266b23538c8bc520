import { describe, expect, expectTypeOf, it } from 'vitest';
import { customerContract } from '../customers/customer.contract.js';
import { developerContract } from '../projects/developer.contract.js';
import { faqContract } from '../faqs/faq.contract.js';
import { type ContractRecord, type ContractRow, defineContract, type populated, rel } from './contract.js';
import { baseFields, f, pickFields } from './fields.js';

type Customer = ContractRecord<typeof customerContract>;
type CustomerRow = ContractRow<typeof customerContract>;

const customer = {
  _id: '0192f2c4-0000-7000-8000-000000000001',
  asset: '0192f2c4-0000-7000-8000-000000000002',
  company: '0192f2c4-0000-7000-8000-000000000003',
  creator: null,
  updatedBy: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  deletedAt: null,
  customerID: 'C-000001',
  firstName: 'Mary',
  lastName: null,
  fullName: 'Mary',
  type: 'Client',
  enabled: true,
  doNotDisturb: false,
  inputSource: null,
  sourceDataId: null,
  imageUrl: null,
  avatar: null,
  translations: null,
  dncrStatus: null,
  emailStatus: null,
  emailStatusAt: null,
  crmId: null,
  loginEnabled: false,
  quickLoginExpiresAt: null,
  customFields: {},
} satisfies Customer;

describe('a resource contract', () => {
  it('types records from its fields: sensitive ones optional, enums as unions, relations by name', () => {
    expectTypeOf<Customer['fullName']>().toEqualTypeOf<string>();
    expectTypeOf<Customer['lastName']>().toEqualTypeOf<string | null>();
    expectTypeOf<Customer['type']>().toEqualTypeOf<'Client' | 'External Agent' | 'Spam'>();
    expectTypeOf<Customer['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<CustomerRow['fullName']>().toEqualTypeOf<string | undefined>();
    // A populated reference answers the related record in place of its id: `_id`, and what the populate selected.
    type Avatar = NonNullable<ReturnType<typeof populated<Extract<Customer['avatar'], object>>>>;
    expectTypeOf<Avatar['_id']>().toEqualTypeOf<string>();
    expectTypeOf<Avatar['file']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error a field the contract lacks is not on the record
    customer.fullname;
  });

  it('parses a real answer, and refuses a wrong type', () => {
    expect(customerContract.record.parse(customer)).toEqual(customer);
    expect(customerContract.record.safeParse({ ...customer, type: 'Buyer' }).success).toBe(false);
    const avatar = { _id: customer._id, name: 'me.png', file: '/f', thumbnail: null, type: 'image' };
    expect(customerContract.record.parse({ ...customer, avatar })).toMatchObject({ avatar });
    expect(customerContract.row.parse({ _id: customer._id, fullName: 'Mary' })).toEqual({ _id: customer._id, fullName: 'Mary' });
  });

  it('derives its key lists and export columns with labels', () => {
    expect(customerContract.keys.sortable).toContain('fullName');
    expect(customerContract.keys.sortable).not.toContain('email');
    expect(customerContract.keys.sensitive).toEqual(['email', 'phoneCode', 'phone', 'phoneNumber']);
    expect(customerContract.keys.relations).toEqual(['avatar']);
    expect(customerContract.exportColumns.slice(0, 2)).toEqual([
      { key: 'customerID', label: 'Customer ID' },
      { key: 'fullName', label: 'Full Name' },
    ]);
    expect(faqContract.exportColumns.find((c) => c.key === 'category.name')).toEqual({ key: 'category.name', label: 'Category' });
    expect(developerContract.upsertKey).toBeNull();
    expect(customerContract.upsertKey).toBe('sourceDataId');
  });

  it('types the list filter: only its own fields, sortable fields and relations', () => {
    const filter = customerContract.listFilter;
    expect(filter.safeParse({ select: ['fullName'], sort: { fullName: 1 }, populate: ['avatar'], query: { type: 'Client' } }).success).toBe(
      true,
    );
    expect(filter.safeParse({ select: ['password'] }).success).toBe(false);
    expect(filter.safeParse({ sort: { email: 1 } }).success).toBe(false);
    expect(filter.safeParse({ populate: ['leads'] }).success).toBe(false);
    expect(filter.safeParse({ sort: { fullName: 1, createdAt: -1 } }).success).toBe(false);
    expect(filter.safeParse({ limit: 20, extra: true }).success).toBe(false);
  });

  it('refuses an inconsistent contract when its module loads', () => {
    const fields = { ...baseFields(), name: f.string({ label: 'Name' }) };
    const spec = {
      name: 'things',
      path: 'things',
      label: { one: 'thing', many: 'things' },
      scope: 'asset',
      fields,
      permissions: { read: [] },
    } as const;
    // @ts-expect-error the default sort must be a sortable field
    expect(() => defineContract({ ...spec, defaultSort: { field: 'name', direction: 1 } })).toThrow(/not sortable/);
    expect(() => defineContract({ ...spec, name: 'Things', defaultSort: { field: 'createdAt', direction: 1 } })).toThrow(/camelCase/);
    expect(() =>
      defineContract({
        ...spec,
        defaultSort: { field: 'createdAt', direction: 1 },
        // @ts-expect-error an export column must be a field or relation.field
        exportColumns: ['nmae'],
      }),
    ).toThrow(/not a field/);
    expect(() => rel.one('things', pickFields(fields, ['name']), { label: 'Thing' })).toThrow(/_id/);
    expect(() => f.string({ label: 'Phone', searchDigits: true })).toThrow(/searchDigits needs searchable/);
    expect(f.string({ label: 'Phone', searchable: true, searchDigits: true }).searchDigits).toBe(true);
  });
});
