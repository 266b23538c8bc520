import { syncRunKindLabel, type IntegrationAccount, type IntegrationProviderName, type SyncRun } from '@crm/domain';
import { Alert, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

// The provider's latest synchronisation runs (sync-status/{x}): what each did, for which account, its progress,
// what it wrote and in how many attempts, and why it failed. Read again every few seconds while a run is waiting,
// running or waiting to retry.

const RUN_TAGS: Record<SyncRun['status'], { color: string; text: string }> = {
  queued: { color: 'default', text: 'Queued' },
  running: { color: 'blue', text: 'Running' },
  retrying: { color: 'blue', text: 'Retrying' },
  completed: { color: 'green', text: 'Completed' },
  failed: { color: 'red', text: 'Failed' },
};
const POLL_MS = 2000;
const LIVE: readonly SyncRun['status'][] = ['queued', 'running', 'retrying'];

/** What the run wrote, and its attempts when the queue had to try again. */
const resultOf = (run: SyncRun) => {
  const { created, updated, skipped } = run.counts;
  const wrote = created + updated + skipped ? `${created} created, ${updated} updated, ${skipped} skipped` : '';
  return [wrote, run.attempts > 1 ? `${run.attempts} attempts` : ''].filter(Boolean).join('; ');
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function SyncHistory({ provider, accounts }: { provider: IntegrationProviderName; accounts: readonly IntegrationAccount[] }) {
  const status = trpc.integrations.syncStatus.useQuery(
    { provider },
    {
      refetchInterval: (query) => (query.state.data?.runs.some((run) => LIVE.includes(run.status)) ? POLL_MS : false),
    },
  );
  const accountOf = (id: string | null) => (id ? (accounts.find((account) => account._id === id)?.label ?? 'Removed account') : '');
  const columns: ColumnsType<SyncRun> = [
    { key: 'createdAt', title: 'Started', render: (_v, run) => when(run.startedAt ?? run.createdAt) },
    { key: 'kind', title: 'What', render: (_v, run) => syncRunKindLabel(run.kind) },
    ...(accounts.length ? [{ key: 'account', title: 'Account', render: (_v: unknown, run: SyncRun) => accountOf(run.account) }] : []),
    { key: 'status', title: 'Status', render: (_v, run) => <Tag color={RUN_TAGS[run.status].color}>{RUN_TAGS[run.status].text}</Tag> },
    {
      key: 'progress',
      title: 'Done',
      render: (_v, run) =>
        run.progress.total ? (
          // 'normal' even when done: the success state's green text is too faint to read (WCAG contrast).
          <Progress
            percent={Math.round((run.progress.done / run.progress.total) * 100)}
            status="normal"
            size="small"
            format={() => `${run.progress.done} of ${run.progress.total}`}
            aria-label={`${run.progress.done} of ${run.progress.total}`}
          />
        ) : (
          run.progress.done
        ),
    },
    { key: 'result', title: 'Result', render: (_v, run) => resultOf(run) },
    { key: 'finishedAt', title: 'Finished', render: (_v, run) => when(run.finishedAt) },
    { key: 'error', title: 'Error', render: (_v, run) => run.error ?? '' },
  ];
  return (
    <section aria-labelledby="integration-history-heading">
      <Typography.Title level={3} id="integration-history-heading">
        Sync history
      </Typography.Title>
      {status.error && <Alert type="error" showIcon message={toApiError(status.error).message} />}
      <Table<SyncRun>
        rowKey="_id"
        size="small"
        loading={status.isLoading}
        columns={columns}
        dataSource={status.data?.runs ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No runs yet' }}
        data-testid="integration-sync-history"
      />
    </section>
  );
}
