import {
  integrationProviders,
  isIntegrationProviderName,
  LISTING_PUSH_INTEGRATION,
  LISTING_TEXT as T,
  type ListingFeedResult,
  type ListingFeedRun,
} from '@crm/domain';

// The runs a listing sync call started, as the listing screens name them: the asset's primary CRM's run and Property
// Finder's push (docs/product.md 'Listings').

/** An integration's name on screen. */
export const integrationLabel = (provider: string) =>
  isIntegrationProviderName(provider) ? integrationProviders[provider].label : provider;

/** The runs of a sync call's answer to follow (an answer of one run only names it in runId). */
export function runsOfAnswer(data: ListingFeedResult): ListingFeedRun[] {
  if (data.runs?.length) return data.runs;
  return data.runId ? [{ provider: data.provider, runId: data.runId }] : [];
}

/** The line above the runs: 'Sync started with Goyzer and Property Finder'. */
export const syncStartedText = (runs: readonly ListingFeedRun[]) => T.syncStarted(runs.map((run) => integrationLabel(run.provider)));

/** A run's title: Property Finder's by what it sends, a CRM's by the CRM. */
export const runKindText = (run: { provider: string; kind: string }) =>
  run.provider === LISTING_PUSH_INTEGRATION ? (T.syncKinds[run.kind] ?? run.kind) : T.crmSyncKind(integrationLabel(run.provider));
