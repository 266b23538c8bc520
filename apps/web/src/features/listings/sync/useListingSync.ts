import type { ListingFeedResult, ListingFeedRun, PermitCheck } from '@crm/domain';
import { useState } from 'react';
import { toApiError } from '../../../kit/api/api-error';
import { runsOfAnswer } from './listing-sync-runs';

// What the listing screens show after a feed call (docs/product.md 'Listings'): the runs a sync call started (the
// primary CRM's and Property Finder's, each followed until it ends), the permit check's answer, or why the call was refused (the 409 naming the integration
// to set up). One outcome at a time: the latest call's.

export type ListingSyncOutcome =
  | { kind: 'runs'; runs: ListingFeedRun[] }
  | { kind: 'permit'; check: PermitCheck }
  | { kind: 'refused'; what: 'sync' | 'permit'; message: string };

export function useListingSync() {
  const [outcome, setOutcome] = useState<ListingSyncOutcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs one call (`name` marks its button busy); its answer, or its refusal, becomes the outcome. */
  async function call<T>(name: string, what: 'sync' | 'permit', run: () => Promise<T>, show: (answer: T) => ListingSyncOutcome | null) {
    setBusy(name);
    try {
      setOutcome(show(await run()));
    } catch (error) {
      setOutcome({ kind: 'refused', what, message: toApiError(error).message });
    } finally {
      setBusy(null);
    }
  }

  return {
    outcome,
    busy,
    /** A sync call: its answer names the runs to follow. */
    sync: (name: string, run: () => Promise<{ data: ListingFeedResult }>) =>
      call(name, 'sync', run, ({ data }) => {
        const runs = runsOfAnswer(data);
        return runs.length ? { kind: 'runs', runs } : null;
      }),
    /** The permit check: answered at once. */
    checkPermit: (run: () => Promise<{ data: PermitCheck }>) =>
      call('permit', 'permit', run, ({ data }) => ({ kind: 'permit', check: data })),
  };
}

export type ListingSync = ReturnType<typeof useListingSync>;
