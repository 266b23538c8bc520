import { customerContract } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { antdColumns, resolveColumns } from './table-columns';

const DEFAULT_SORT = { field: 'createdAt', order: 'descend' as const };

describe('columns from a contract', () => {
  const columns = resolveColumns(
    customerContract,
    [
      'customerID',
      { field: 'fullName', title: 'Name' },
      'email',
      'doNotDisturb',
      { key: 'initials', title: 'Initials', render: (row) => row.fullName?.[0] ?? '-' },
      'createdAt',
    ],
    { render: {}, timeZone: 'UTC' },
  );

  it('take the field label as title unless the screen names it, and sort only what the contract may sort', () => {
    expect(columns.map((c) => [c.key, c.title, c.sortField, c.field])).toEqual([
      ['customerID', 'Customer ID', 'customerID', 'customerID'],
      ['fullName', 'Name', 'fullName', 'fullName'],
      ['email', 'Email', null, 'email'],
      ['doNotDisturb', 'Do Not Disturb', null, 'doNotDisturb'],
      ['initials', 'Initials', null, null],
      ['createdAt', 'Created At', 'createdAt', 'createdAt'],
    ]);
    expect(columns.find((c) => c.key === 'email')?.sensitive).toBe(true);
    expect(columns.find((c) => c.key === 'initials')?.render({ _id: 'c1', fullName: 'Omar' })).toBe('O');
    expect(() => resolveColumns(customerContract, ['nope' as 'email'], { render: {}, timeZone: undefined })).toThrow(/not a field/);
  });

  it('show one sort key: the chosen one, else the default turning newest first; clearing falls back to it', () => {
    const shown = (sort: { field: string; order: 'ascend' | 'descend' } | null) =>
      antdColumns(columns, sort, DEFAULT_SORT).map((c) => [
        c.key,
        c.sorter === true,
        'sortOrder' in c ? c.sortOrder : undefined,
        c.sortDirections,
      ]);
    expect(shown(null)).toEqual([
      ['customerID', true, null, ['ascend', 'descend']],
      ['fullName', true, null, ['ascend', 'descend']],
      ['email', false, undefined, undefined],
      ['doNotDisturb', false, undefined, undefined],
      ['initials', false, undefined, undefined],
      ['createdAt', true, 'descend', ['descend', 'ascend']],
    ]);
    const byName = shown({ field: 'fullName', order: 'ascend' });
    expect(byName[1]?.[2]).toBe('ascend');
    expect(byName[5]?.[2]).toBeNull();
  });

  it('let a screen replace a cell by key', () => {
    const [own] = resolveColumns(customerContract, ['type'], { render: { type: (row) => `type:${row.type}` }, timeZone: undefined });
    expect(own?.render({ _id: 'c1', type: 'Spam' })).toBe('type:Spam');
  });
});
