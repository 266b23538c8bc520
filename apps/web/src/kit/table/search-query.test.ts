import { describe, expect, it } from 'vitest';
import { searchCondition, searchKeyword } from './search-query';

describe('list search', () => {
  it('sends the typed text trimmed with regex specials escaped, nothing for blanks', () => {
    expect(searchKeyword('  Omar  ')).toBe('Omar');
    expect(searchKeyword('1+1 (new)')).toBe('1\\+1 \\(new\\)');
    expect(searchKeyword('   ')).toBeUndefined();
  });
  it('reads as a literal match over the searchable fields for calls without a keyword', () => {
    expect(searchCondition(['fullName', 'customerID'], 'Om')).toEqual({
      $or: [{ fullName: { $regex: 'Om' } }, { customerID: { $regex: 'Om' } }],
    });
    expect(searchCondition(['fullName'], undefined)).toBeNull();
    expect(searchCondition([], 'Om')).toBeNull();
  });
});
