import { describe, expect, it } from 'vitest';
import { customerResource } from '../modules/customers/customer.resource.js';
import { searchWhere } from './query-plan.js';
import type { Access } from './resource-access.js';

// The keyword search's condition (docs/api.md 'Generic calls'): every search field the caller may see contains the
// text; a phone field (`searchDigits`) also contains the digits of a text typed like a phone.

const access = (sensitive: boolean): Access => ({ actor: { companyId: 'c' } as Access['actor'], assetId: 'a', sensitive });
const contains = (column: string, text: string) => ({ [column]: { contains: text, mode: 'insensitive' } });

describe('searchWhere', () => {
  it('matches a typed phone by its digits on the phone field only', () => {
    expect(searchWhere(customerResource, ' +971 50-123 4567 ', access(true))).toEqual({
      OR: [
        contains('customerID', '+971 50-123 4567'),
        contains('fullName', '+971 50-123 4567'),
        contains('email', '+971 50-123 4567'),
        contains('phoneNumber', '+971 50-123 4567'),
        contains('sourceDataId', '+971 50-123 4567'),
        contains('phoneNumber', '971501234567'),
      ],
    });
  });

  it('adds no digits for text that is no phone, or is digits already', () => {
    expect(searchWhere(customerResource, 'Mary', access(true))?.OR).toHaveLength(5);
    expect(searchWhere(customerResource, '501234567', access(true))?.OR).toHaveLength(5);
  });

  it('searches neither the hidden fields nor their digits for a caller who may not see them', () => {
    expect(searchWhere(customerResource, '+971 50-123 4567', access(false))).toEqual({
      OR: [
        contains('customerID', '+971 50-123 4567'),
        contains('fullName', '+971 50-123 4567'),
        contains('sourceDataId', '+971 50-123 4567'),
      ],
    });
  });
});
