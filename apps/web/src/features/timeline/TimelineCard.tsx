import { TIMELINE_KIND_LABELS, TIMELINE_MESSAGES as M, type TimelineEntry, formatInZone } from '@crm/domain';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { browserLocale } from '../../app/request-headers';
import { toApiError } from '../../kit/api/api-error';
import { useProfile } from '../../kit/session/useProfile';
import { type TimelineOf, useTimeline } from './useTimeline';

const WHEN = 'MMM D, YYYY, h:mm A';

function EntryLink({ link }: { link: NonNullable<TimelineEntry['link']> }) {
  // A screen of ours opens in place; a file's address (Storage) opens in a new tab.
  if (link.href.startsWith('/api/')) {
    return (
      <a href={link.href} target="_blank" rel="noreferrer">
        {link.label}
      </a>
    );
  }
  return <Link to={link.href}>{link.label}</Link>;
}

function Entry({ entry, timeZone }: { entry: TimelineEntry; timeZone: string | undefined }) {
  return (
    <li data-testid="timeline-entry" data-kind={entry.kind} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Space size={8} wrap>
        <Tag>{TIMELINE_KIND_LABELS[entry.kind]}</Tag>
        <Typography.Text strong>{entry.title}</Typography.Text>
        {entry.link && <EntryLink link={entry.link} />}
      </Space>
      {entry.detail && <div style={{ whiteSpace: 'pre-line', marginTop: 4 }}>{entry.detail}</div>}
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">
          {entry.by?.name ?? M.system} · <time dateTime={entry.at}>{formatInZone(entry.at, WHEN, timeZone)}</time>
        </Typography.Text>
      </div>
    </li>
  );
}

export interface TimelineCardProps {
  of: TimelineOf;
  id: string;
  /** An action in the card's header (the lead's 'Log activity'). */
  extra?: ReactNode;
}

/**
 * A lead's, customer's or deal's timeline, newest first (docs/product.md 'Activities'): each entry's kind as text,
 * its title, who and when in the asset's time zone, its link, and 'Load more' while there is more.
 */
export function TimelineCard({ of, id, extra }: TimelineCardProps) {
  const timeline = useTimeline(of, id);
  const profile = useProfile();
  const timeZone = profile.data?.business?.timezone ?? browserLocale().timeZone;
  const entries = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card
      style={{ marginBottom: 16 }}
      loading={timeline.isPending}
      data-testid="timeline"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          Timeline
        </Typography.Title>
      }
      extra={extra}
    >
      {timeline.isError && <Alert type="error" message={toApiError(timeline.error).message} />}
      {timeline.isSuccess && entries.length === 0 && <Typography.Text type="secondary">{M.empty}</Typography.Text>}
      <ol aria-label="Timeline" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} timeZone={timeZone} />
        ))}
      </ol>
      {timeline.hasNextPage && (
        <Button style={{ marginTop: 12 }} onClick={() => void timeline.fetchNextPage()} loading={timeline.isFetchingNextPage}>
          {M.loadMore}
        </Button>
      )}
    </Card>
  );
}
