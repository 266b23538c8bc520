import {
  ACTIVITY_TYPE_LABELS,
  type ActivityType,
  type activityContract,
  activityWeekOf,
  type ContractQuery,
  formatInZone,
  isActivityOverdue,
  LINKS,
  populated,
} from '@crm/domain';
import { Alert, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { useNow } from '../../kit/list/useNow';
import './activities-week.css';

type Activities = typeof activityContract;

/** More tasks than this in one week are cut, with a note to use the list. */
const WEEK_LIMIT = 1000;

interface ActivitiesWeekProps {
  fixedQuery: ContractQuery<Activities>;
  timeZone: string;
  week: string | undefined;
  onWeek: (week: string | undefined) => void;
}

/**
 * The week view: Monday to Sunday in the asset's zone, each day's tasks by due time, each a link to what it is about
 * (reachable by Tab); previous, this and next week. Overdue is told in text beside the colour.
 */
export function ActivitiesWeek({ fixedQuery, timeZone, week, onWeek }: ActivitiesWeekProps) {
  const now = useNow(30_000);
  const shown = activityWeekOf(week ?? null, now, timeZone);
  const thisWeek = activityWeekOf(null, now, timeZone).start;
  const answer = trpc.activities.list.useQuery({
    filter: {
      query: { ...fixedQuery, dueAt: { $gte: shown.from, $lte: shown.to } },
      sort: { dueAt: 1 },
      limit: WEEK_LIMIT,
      select: ['_id', 'type', 'subject', 'dueAt', 'doneAt', 'lead', 'customer', 'deal', 'agent'],
      populate: [{ path: 'agent', select: ['name'] }],
    },
  });
  const rows = answer.data?.data ?? [];
  const byDay = new Map<string, typeof rows>();
  for (const row of rows) {
    const date = formatInZone(row.dueAt, 'YYYY-MM-DD', timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), row]);
  }
  const linkOf = (row: (typeof rows)[number]) => {
    const lead = populated(row.lead)?._id ?? (typeof row.lead === 'string' ? row.lead : null);
    const deal = typeof row.deal === 'string' ? row.deal : populated(row.deal)?._id;
    const customer = typeof row.customer === 'string' ? row.customer : populated(row.customer)?._id;
    if (lead) return LINKS.leadDetail(lead);
    if (deal) return LINKS.deal(deal);
    return customer ? LINKS.customer(customer) : null;
  };
  return (
    <section aria-labelledby="activities-week-title" data-testid="activities-week">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} id="activities-week-title" style={{ fontSize: 16, margin: 0 }}>
          Week of {formatInZone(shown.from, 'ddd D MMM YYYY', timeZone)}
        </Typography.Title>
        <Button onClick={() => onWeek(shown.previous)}>Previous week</Button>
        <Button onClick={() => onWeek(undefined)} disabled={shown.start === thisWeek}>
          This week
        </Button>
        <Button onClick={() => onWeek(shown.next)}>Next week</Button>
        {answer.isFetching && <Spin size="small" />}
      </Space>
      {answer.error && <Alert type="error" showIcon title={toApiError(answer.error).message} />}
      {rows.length >= WEEK_LIMIT && <Alert type="info" showIcon title="More tasks than the week view shows: use the list." />}
      <div className="activities-week">
        {shown.days.map((day) => {
          const items = byDay.get(day.date) ?? [];
          const headingId = `activities-day-${day.date}`;
          return (
            <Card key={day.date} size="small" className="activities-week-day" data-testid={headingId}>
              <Typography.Title level={3} id={headingId} style={{ fontSize: 14, marginBlock: '0 8px' }}>
                {formatInZone(day.from, 'dddd D MMM', timeZone)}
              </Typography.Title>
              {items.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">No tasks</Typography.Text>} />
              ) : (
                <ul aria-labelledby={headingId} className="activities-week-items">
                  {items.map((row) => {
                    const link = linkOf(row);
                    const label = `${formatInZone(row.dueAt, 'HH:mm', timeZone)} ${ACTIVITY_TYPE_LABELS[row.type as ActivityType] ?? row.type}: ${row.subject ?? ''}`;
                    return (
                      <li key={row._id} data-testid="activities-week-item">
                        {link ? <Link to={link}>{label}</Link> : <span>{label}</span>}
                        <div>
                          {isActivityOverdue(row, now) && <Tag color="red">Overdue</Tag>}
                          {row.doneAt && <Tag color="green">Done</Tag>}
                          <Typography.Text type="secondary">{populated(row.agent)?.name ?? ''}</Typography.Text>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Card>
          );
        })}
      </div>
    </section>
  );
}
