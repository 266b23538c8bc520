import { MEMBER_MESSAGES, type MemberBulkChanges } from '@crm/domain';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { MemberTeamModal } from './MemberTeamModal';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const ACTIONS: { label: string; changes: MemberBulkChanges }[] = [
  { label: 'Enable', changes: { enabled: true } },
  { label: 'Disable', changes: { enabled: false } },
  { label: 'Leads on', changes: { isLeadProcessEnabled: true } },
  { label: 'Leads off', changes: { isLeadProcessEnabled: false } },
];

/**
 * The members list's bulk actions, shown while rows are selected: one PATCH bulk-update for all of them (all or
 * nothing; the server's reasons per member are shown when it refuses).
 */
export function MemberBulkActions({ selected }: { selected: readonly string[] }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const bulk = trpc.members.bulkUpdate.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [teamOpen, setTeamOpen] = useState(false);
  if (!selected.length) return null;
  const run = async (changes: MemberBulkChanges) => {
    try {
      const result = await bulk.mutateAsync({ ids: [...selected], changes });
      void message.success(MEMBER_MESSAGES.bulkUpdated(result.data.updated.filter((u) => u.changed.length).length));
    } catch (error) {
      const problem = toApiError(error);
      const data = typeof problem.data === 'object' && problem.data !== null ? Object.values(problem.data) : [];
      const reasons = data.flat().filter((reason): reason is string => typeof reason === 'string');
      void message.error(reasons.length ? reasons.join(' ') : problem.message);
    } finally {
      void utils.members.invalidate();
    }
  };
  return (
    <Space wrap aria-label={`Bulk actions for ${selected.length} selected`} role="group">
      {ACTIONS.map((action) => (
        <Button key={action.label} loading={bulk.isPending} onClick={() => void run(action.changes)}>
          {action.label} ({selected.length})
        </Button>
      ))}
      <Button loading={bulk.isPending} onClick={() => setTeamOpen(true)}>
        Set team ({selected.length})
      </Button>
      <MemberTeamModal
        open={teamOpen}
        count={selected.length}
        onCancel={() => setTeamOpen(false)}
        onSubmit={(changes) => {
          setTeamOpen(false);
          void run(changes);
        }}
      />
    </Space>
  );
}
