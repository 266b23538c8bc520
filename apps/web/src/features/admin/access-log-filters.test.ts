import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_EXTRA_FILTERS } from './access-log-filters';

describe('the access log’s own filters', () => {
  it('ask for the chosen users and a part of the IP, nothing when unset', () => {
    const { conditions, initial } = ACCESS_LOG_EXTRA_FILTERS;
    expect(conditions(initial)).toEqual([]);
    expect(conditions({ users: ['u1', 'u2'], ip: ' 10.0.0 ' })).toEqual([{ user: { $in: ['u1', 'u2'] } }, { ip: { $regex: '10.0.0' } }]);
    expect(conditions({ users: [], ip: '   ' })).toEqual([]);
  });

  it('read a cached state back, or start afresh when it no longer reads', () => {
    expect(ACCESS_LOG_EXTRA_FILTERS.parse({ users: ['u1'], ip: '10.' })).toEqual({ users: ['u1'], ip: '10.' });
    expect(ACCESS_LOG_EXTRA_FILTERS.parse({ users: 'u1', ip: '' })).toBeNull();
    expect(ACCESS_LOG_EXTRA_FILTERS.parse(null)).toBeNull();
  });
});
