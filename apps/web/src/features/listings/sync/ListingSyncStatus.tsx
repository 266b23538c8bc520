import { LISTING_TEXT as T, listingContract, PERMIT_STATUS_LABELS, type SyncRun } from '@crm/domain';
import { Alert, Progress, Space, Typography } from 'antd';
import { trpc } from '../../../app/trpc';
import { browserLocale } from '../../../app/request-headers';
import { fieldText } from '../../../kit/display/field-text';
import { runKindText, syncStartedText } from './listing-sync-runs';
import type { ListingSyncOutcome } from './useListingSync';

const POLL_MS = 1000;
const finished = (run: SyncRun | undefined) => run?.status === 'completed' || run?.status === 'failed';
const ALERT = { completed: 'success', failed: 'error', queued: 'info', running: 'info', retrying: 'warning' } as const;

/** A run followed until it ends (GET sync-runs/{id} every second): its state, progress and error. */
function RunStatus({ runId }: { runId: string }) {
  const query = trpc.listings.syncRun.useQuery(
    { id: runId },
    { refetchInterval: (q) => (finished(q.state.data?.data) ? false : POLL_MS), retry: false },
  );
  const run = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (!run) return <Alert type="info" showIcon title={T.syncRunStates.queued} />;
  const percent = run.progress.total ? Math.round((run.progress.done * 100) / run.progress.total) : 0;
  return (
    <Alert
      type={ALERT[run.status]}
      showIcon
      title={`${runKindText(run)}: ${T.syncRunStates[run.status]}`}
      description={
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Progress
            percent={run.status === 'completed' ? 100 : percent}
            status={run.status === 'failed' ? 'exception' : run.status === 'completed' ? 'success' : 'active'}
            aria-label={T.syncStatus}
          />
          <Typography.Text>{T.syncProgress(run.progress.done, run.progress.total)}</Typography.Text>
          {run.error ? <Typography.Text type="danger">{run.error}</Typography.Text> : null}
        </Space>
      }
      data-testid="listing-sync-run"
      data-status={run.status}
    />
  );
}

/**
 * The outcome of the latest feed call on a listing screen: the runs it started (the line above names their
 * integrations) as they go, the permit check's answer, or why the call was refused (the server's message, which
 * names the integration to set up). Announced politely.
 */
export function ListingSyncStatus({ outcome }: { outcome: ListingSyncOutcome | null }) {
  const { timeZone } = browserLocale();
  if (!outcome) return null;
  let body: React.ReactNode;
  if (outcome.kind === 'runs')
    body = (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Text data-testid="listing-sync-started">{syncStartedText(outcome.runs)}</Typography.Text>
        {outcome.runs.map((run) => (
          <RunStatus key={run.runId} runId={run.runId} />
        ))}
      </Space>
    );
  else if (outcome.kind === 'refused')
    body = (
      <Alert
        type="warning"
        showIcon
        title={outcome.what === 'sync' ? T.syncRefused : T.permitCheckFailed}
        description={outcome.message}
        data-testid="listing-sync-refused"
      />
    );
  else {
    const { check } = outcome;
    body = (
      <Alert
        type={check.valid ? 'success' : 'warning'}
        showIcon
        title={T.permitChecked(check.permitNumber, check.valid)}
        description={
          <span>
            {PERMIT_STATUS_LABELS[check.status]} · {listingContract.fields.permitCheckedAt.label}:{' '}
            {fieldText(listingContract.fields.permitCheckedAt, check.checkedAt, timeZone)}
          </span>
        }
        data-testid="listing-permit-result"
      />
    );
  }
  return (
    <section aria-label={T.syncStatus} aria-live="polite" style={{ marginBottom: 16 }}>
      {body}
    </section>
  );
}
