import { describe, expect, it } from 'vitest';
import { backTarget, isInternalPath, linkWithParams, paramsToCarry, parseRefParams } from './list-links';

describe('row links', () => {
  it('carries tab, refresh, ref and the params to come back to', () => {
    const link = linkWithParams('/reports/leads/abc', {
      tab: 'history',
      refresh: true,
      ref: '/reports/leads',
      refParams: { ref: '/dashboard' },
    });
    const url = new URL(link, 'http://x');
    expect(url.pathname).toBe('/reports/leads/abc');
    expect(url.searchParams.get('tab')).toBe('history');
    expect(url.searchParams.get('refresh')).toBe('1');
    expect(url.searchParams.get('ref')).toBe('/reports/leads');
    expect(JSON.parse(url.searchParams.get('refparams') ?? '')).toEqual({ ref: '/dashboard' });
    expect(linkWithParams('/properties/listings/1')).toBe('/properties/listings/1');
  });
  it('never links back off-site', () => {
    expect(isInternalPath('/reports/leads')).toBe(true);
    expect(isInternalPath('//evil.example')).toBe(false);
    expect(isInternalPath('https://evil.example')).toBe(false);
    expect(isInternalPath('/\\evil.example')).toBe(false);
    expect(linkWithParams('/a', { ref: 'https://evil.example' })).toBe('/a');
  });
  it('hands on every param but refresh', () => {
    expect(paramsToCarry(new URLSearchParams('ref=/dashboard&refresh=1&tab=x'))).toEqual({ ref: '/dashboard', tab: 'x' });
  });
});

describe('back button', () => {
  it('shows only with a ref, restoring refparams', () => {
    expect(backTarget(new URLSearchParams(''))).toBeNull();
    expect(backTarget(new URLSearchParams('ref=/reports/leads'))).toBe('/reports/leads');
    const params = new URLSearchParams({ ref: '/reports/leads', refparams: JSON.stringify({ tab: 'open', page: 2 }) });
    expect(backTarget(params)).toBe('/reports/leads?tab=open&page=2');
  });
  it('can be forced with a fallback', () => {
    expect(backTarget(new URLSearchParams(''), '/reports/leads')).toBe('/reports/leads');
    expect(backTarget(new URLSearchParams('ref=//evil'), '/reports/leads')).toBe('/reports/leads');
  });
  it('ignores refparams that are not a JSON object', () => {
    expect(parseRefParams('[1,2]').toString()).toBe('');
    expect(parseRefParams('{bad').toString()).toBe('');
    expect(parseRefParams(JSON.stringify({ a: { nested: 1 }, b: true })).toString()).toBe('b=true');
  });
});
