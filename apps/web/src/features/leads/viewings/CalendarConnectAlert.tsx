import { CALENDAR_MESSAGES as M } from '@crm/domain';
import { Alert, Button } from 'antd';
import { trpc } from '../../../app/trpc';

/**
 * Google Calendar in per-user mode (docs/api.md 'Google Calendar'): an agent who has not connected their calendar is
 * offered to, and goes to Google's consent screen; nothing shows otherwise.
 */
export function CalendarConnectAlert() {
  const connection = trpc.googleCalendar.connection.useQuery(undefined, { staleTime: 60_000 });
  const connect = trpc.googleCalendar.connect.useMutation({
    onSuccess: (answer) => window.location.assign(answer.data.url),
  });
  const state = connection.data?.data;
  if (!state?.available || state.connected) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={M.notConnected}
      action={
        <Button size="small" onClick={() => connect.mutate()} loading={connect.isPending}>
          {M.connect}
        </Button>
      }
    />
  );
}
