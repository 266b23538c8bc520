import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './redirect-state';

describe('returnPathFrom', () => {
  it('returns to an in-app page only', () => {
    expect(returnPathFrom({ from: '/customers?tab=2' })).toBe('/customers?tab=2');
    expect(returnPathFrom({ from: '//evil.example' })).toBe('/dashboard');
    expect(returnPathFrom({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPathFrom({ from: '/auth' })).toBe('/dashboard');
    expect(returnPathFrom(null)).toBe('/dashboard');
  });
});
