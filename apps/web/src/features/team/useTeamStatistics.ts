import { DATE_PRESET } from '@crm/domain';
import { useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { trpc } from '../../app/trpc';
import { useNow } from '../../kit/list/useNow';
import { type DateFilter, dateFilterRange } from '../../kit/table/date-filter';

/**
 * The Brokers, Managers and Offices reports read the same per-member figures (GET teams/members/statistics/
 * better-agent) over a date range of assignments in the caller's zone, This Month until the reader picks another.
 */
export function useTeamStatistics() {
  const now = useNow();
  const timeZone = browserLocale().timeZone;
  const [date, setDate] = useState<DateFilter | null>({ preset: DATE_PRESET.THIS_MONTH });
  const range = date ? dateFilterRange(date, now, timeZone) : null;
  const query = trpc.members.brokerStatistics.useQuery(range ? { from: range.from, to: range.to } : {});
  return { now, timeZone, date, setDate, query, agents: query.data?.data.agents ?? [] };
}
