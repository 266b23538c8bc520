import { LISTING_TEXT as T } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { runKindText, runsOfAnswer, syncStartedText } from './listing-sync-runs';

describe('listing sync runs', () => {
  it('follows every run an answer names, or the one runId of an answer without runs', () => {
    const runs = [
      { provider: 'goyzer', runId: 'r1' },
      { provider: 'propertyfinder', runId: 'r2' },
    ];
    expect(runsOfAnswer({ provider: 'goyzer', synced: 2, runId: 'r1', runs })).toEqual(runs);
    expect(runsOfAnswer({ provider: 'propertyfinder', synced: 1, runId: 'r3', runs: [] })).toEqual([
      { provider: 'propertyfinder', runId: 'r3' },
    ]);
    expect(runsOfAnswer({ provider: 'propertyfinder', synced: 1, runs: [] })).toEqual([]);
  });

  it('names the integrations the runs go to, and each run by what it does', () => {
    expect(syncStartedText([{ provider: 'propertyfinder', runId: 'a' }])).toBe('Sync started with Property Finder');
    expect(
      syncStartedText([
        { provider: 'goyzer', runId: 'a' },
        { provider: 'propertyfinder', runId: 'b' },
      ]),
    ).toBe('Sync started with Goyzer and Property Finder');
    expect(runKindText({ provider: 'propertyfinder', kind: 'listings' })).toBe(T.syncKinds.listings);
    expect(runKindText({ provider: 'goyzer', kind: 'listings' })).toBe('Listings synced with Goyzer');
  });
});
