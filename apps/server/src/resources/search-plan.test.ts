import { describe, expect, it } from 'vitest';
import { customerResource } from '../modules/customers/index.js';
import { listingResource } from '../modules/listings/index.js';
import type { Access } from './resource-access.js';
import { digitKey, keywordWords, numberKeys, searchLead, searchWhere } from './search-plan.js';

// The keyword search's condition (docs/api.md 'Generic calls'): every search field the caller may see contains the
// text; a phone field (`searchDigits`) also contains the digits of a text typed like a phone. Customers find the
// candidates through their `searchText` column first (search-plan.ts); the fields' own matches are unchanged. A keyword
// of words only (a name) is a word-prefix search through their `searchWords` column instead. Listings find a keyword
// with a number of four digits or more (a reference) by the keys of its number in `searchNumbers`, then check every
// field (answers compared with the plain search over PostgreSQL in listing-search.test.ts).

const access = (sensitive: boolean): Access => ({ actor: { companyId: 'c' } as Access['actor'], assetId: 'a', sensitive });
const contains = (column: string, text: string) => ({ [column]: { contains: text, mode: 'insensitive' } });
const fieldsContain = (text: string) => ['customerID', 'fullName', 'email', 'phoneNumber', 'sourceDataId'].map((c) => contains(c, text));

describe('searchWhere', () => {
  it('finds a phone typed with seven digits or more by the key of its last seven, then its digits on the phone field', () => {
    expect(searchWhere(customerResource, ' +971 50-123 4567 ', access(true))).toEqual({
      AND: [
        { searchWords: { has: 'a:#1234567' } },
        { OR: [...fieldsContain('+971 50-123 4567'), contains('phoneNumber', '971501234567')] },
      ],
    });
    // As the screens send it: regex-escaped.
    expect(searchWhere(customerResource, '\\+971 \\(50\\) 123-4567', access(true))).toEqual({
      AND: [
        { searchWords: { has: 'a:#1234567' } },
        { OR: [...fieldsContain('+971 (50) 123-4567'), contains('phoneNumber', '971501234567')] },
      ],
    });
  });

  it('matches a shorter phone through the trigrams of its end', () => {
    expect(searchWhere(customerResource, '50-123 4', access(true))).toEqual({
      OR: [
        { AND: [contains('searchText', '50-123 4'), { OR: fieldsContain('50-123 4') }] },
        { AND: [contains('searchText', '501234'), { OR: [contains('phoneNumber', '501234')] }] },
      ],
    });
  });

  it('finds a keyword of words only by the beginnings of words, in any order', () => {
    expect(searchWhere(customerResource, 'Mary', access(true))).toEqual({ searchWords: { hasEvery: ['a:mary'] } });
    expect(searchWhere(customerResource, ' Khan  fat ', access(true))).toEqual({ searchWords: { hasEvery: ['a:khan', 'a:fat'] } });
  });

  it('adds no digits for text that is no phone, or is digits already', () => {
    expect(searchWhere(customerResource, 'Zed Number1', access(true))).toEqual({
      OR: [{ AND: [contains('searchText', 'Zed Number1'), { OR: fieldsContain('Zed Number1') }] }],
    });
    expect(searchWhere(customerResource, '971501234567', access(true))).toEqual({
      AND: [{ searchWords: { has: 'a:#1234567' } }, { OR: fieldsContain('971501234567') }],
    });
    expect(searchWhere(customerResource, '12345', access(true))).toEqual({
      OR: [{ AND: [contains('searchText', '12345'), { OR: fieldsContain('12345') }] }],
    });
  });

  it('searches neither the hidden fields nor their digits for a caller who may not see them (nor the column that holds them)', () => {
    expect(searchWhere(customerResource, '+971 50-123 4567', access(false))).toEqual({
      OR: [
        contains('customerID', '+971 50-123 4567'),
        contains('fullName', '+971 50-123 4567'),
        contains('sourceDataId', '+971 50-123 4567'),
      ],
    });
  });
});

describe('searchWhere of listings', () => {
  const listingFieldsContain = (text: string) =>
    ['reference', 'title', 'city', 'location', 'subLocation', 'permitNumber'].map((c) => contains(c, text));

  it('finds a reference by the keys of every run of four digits of its number, then checks every field', () => {
    expect(searchWhere(listingResource, ' L-0500000 ', access(true))).toEqual({
      AND: [{ searchNumbers: { hasEvery: ['0500', '5000', '0000'] } }, { OR: listingFieldsContain('L-0500000') }],
    });
    expect(searchWhere(listingResource, 'DXB-S-1001', access(false))).toEqual({
      AND: [{ searchNumbers: { hasEvery: ['1001'] } }, { OR: listingFieldsContain('DXB-S-1001') }],
    });
    // As the screens send it: regex-escaped, the keys from the text matched.
    expect(searchWhere(listingResource, 'Unit 1.2345', access(true))).toEqual({
      AND: [{ searchNumbers: { hasEvery: ['2345'] } }, { OR: listingFieldsContain('Unit 1.2345') }],
    });
  });

  it('searches field by field a keyword without a number of four digits', () => {
    expect(searchWhere(listingResource, 'L-050', access(true))).toEqual({ OR: listingFieldsContain('L-050') });
    expect(searchWhere(listingResource, 'Palm Jumeirah', access(true))).toEqual({ OR: listingFieldsContain('Palm Jumeirah') });
  });
});

describe('numberKeys', () => {
  it('is every run of four digits inside each number of four digits or more, once', () => {
    expect(numberKeys('L-0500000')).toEqual(['0500', '5000', '0000']);
    expect(numberKeys('AB-12345 / 2024, 7')).toEqual(['1234', '2345', '2024']);
    expect(numberKeys('1234x1234')).toEqual(['1234']);
  });

  it('is null without a number of four digits', () => {
    for (const text of ['L-050', '12 34 56', 'Palm Jumeirah', '١٢٣٤٥']) expect(numberKeys(text)).toBeNull();
  });
});

describe('digitKey', () => {
  it('is the last seven digits, from seven on', () => {
    expect(digitKey('971500333333')).toBe('#0333333');
    expect(digitKey('1234567')).toBe('#1234567');
    expect(digitKey('123456')).toBeNull();
    expect(digitKey(null)).toBeNull();
  });
});

describe('keywordWords', () => {
  it('splits at white space and punctuation as the database does, lower-cased, each word once', () => {
    expect(keywordWords('Fatima  Khan')).toEqual(['fatima', 'khan']);
    expect(keywordWords("O'Neil-Smith, ann.lee")).toEqual(['o', 'neil', 'smith', 'ann', 'lee']);
    expect(keywordWords('khan Khan')).toEqual(['khan']);
    expect(keywordWords('محمد علي')).toEqual(['محمد', 'علي']);
    expect(keywordWords('Élodie')).toEqual(['élodie']);
  });

  it('keeps a long word to the 24 characters the database keeps', () => {
    expect(keywordWords('a'.repeat(30))).toEqual(['a'.repeat(24)]);
  });

  it('leaves numbers, phones, emails and ids to the substring search', () => {
    for (const text of ['C-000123', '0501234567', 'ann@example.com', 'number12', ' - ']) expect(keywordWords(text)).toBeNull();
  });
});

describe('searchLead', () => {
  it('leaves out the head every phone of a book shares, and the domain every email shares', () => {
    expect(searchLead('+971 50 033 3333')).toBe('033 3333');
    expect(searchLead('\\+971 \\(50\\) 033-3333')).toBe('033-3333');
    expect(searchLead('0333')).toBe('0333');
    expect(searchLead('fatima.khan2400@example.com')).toBe('fatima.khan2400');
    expect(searchLead('fatima\\.khan@example\\.com')).toBe('fatima\\.khan');
  });

  it('keeps any other text whole', () => {
    expect(searchLead('Fatima Khan')).toBe('Fatima Khan');
    expect(searchLead('ab@example.com')).toBe('ab@example.com');
    expect(searchLead('C-000123')).toBe('C-000123');
  });
});
