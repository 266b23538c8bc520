import { ACTIVITY_ACTION_LABELS, ACTIVITY_ACTIONS, type ActivityAction, activityChangeLines, readActivityChanges } from '@crm/domain';
import { Tag, Typography } from 'antd';

// How an activity log row reads (docs/architecture.md 'The activity log'): its action as a word, its changes one
// line per field ('name: Ann -> Bea').

const isAction = (value: string): value is ActivityAction => (ACTIVITY_ACTIONS as readonly string[]).includes(value);

export function ActivityActionTag({ action }: { action: string | null | undefined }) {
  const text = action ? (isAction(action) ? ACTIVITY_ACTION_LABELS[action] : action) : '-';
  return <Tag>{text}</Tag>;
}

/** At most `limit` lines, then how many more (the export carries them all). */
export function ActivityChanges({ changes, limit = 6 }: { changes: unknown; limit?: number }) {
  const lines = activityChangeLines(readActivityChanges(changes));
  if (lines.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {lines.slice(0, limit).map((line) => (
        <li key={line} style={{ wordBreak: 'break-word' }}>
          {line}
        </li>
      ))}
      {lines.length > limit ? <li>{`${lines.length - limit} more`}</li> : null}
    </ul>
  );
}
