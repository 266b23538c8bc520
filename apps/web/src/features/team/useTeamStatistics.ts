import { DATE_PRESET } from '@crm/domain';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { trpc } from '../../app/trpc';
import { useNow } from '../../kit/list/useNow';
import { type DateFilter, dateFilterRange } from '../../kit/table/date-filter';
import type { FigureRange, TeamReportQuery } from './team-report-columns';

/**
 * The Brokers, Managers and Offices reports read the same per-member figures (GET teams/members/statistics/
 * better-agent) over a date range of assignments in the caller's zone, This Month until the reader picks another,
 * with test agents left out until the reader says No to 'Exclude Test Agents' (the server leaves them out), and for
 * the Brokers report one department's members.
 */
export function useTeamStatistics(options: { department?: string | undefined } = {}) {
  const now = useNow();
  const timeZone = browserLocale().timeZone;
  const [date, setDate] = useState<DateFilter | null>({ preset: DATE_PRESET.THIS_MONTH });
  const [excludeTests, setExcludeTests] = useState(true);
  const computed = date ? dateFilterRange(date, now, timeZone) : null;
  const from = computed?.from;
  const to = computed?.to;
  const range = useMemo<FigureRange>(() => (from && to ? { from, to } : {}), [from, to]);
  const { department } = options;
  const filters = useMemo<TeamReportQuery>(
    () => ({ ...range, excludeTestAgents: excludeTests ? 'true' : 'false', ...(department ? { department } : {}) }),
    [range, excludeTests, department],
  );
  const query = trpc.members.brokerStatistics.useQuery(filters);
  return {
    now,
    timeZone,
    date,
    setDate,
    excludeTests,
    setExcludeTests,
    query,
    range,
    filters,
    agents: query.data?.data.agents ?? [],
  };
}

export type TeamStatistics = ReturnType<typeof useTeamStatistics>;
