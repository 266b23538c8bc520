import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { DateFilterControl } from '../../kit/table/DateFilterControl';
import type { TeamStatistics } from './useTeamStatistics';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The team reports' filters: the assignment dates, 'Exclude Test Agents' (Yes by default), and the report's own. */
export function TeamReportFilters({ statistics, children }: { statistics: TeamStatistics; children?: ReactNode }) {
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
      <DateFilterControl
        field="assignedAt"
        label="Assigned"
        value={statistics.date}
        onChange={statistics.setDate}
        now={statistics.now}
        timeZone={statistics.timeZone}
      />
      <Select
        aria-label="Exclude Test Agents"
        prefix="Exclude Test Agents:"
        style={{ minWidth: 240 }}
        value={statistics.excludeTests ? 'yes' : 'no'}
        onChange={(value) => statistics.setExcludeTests(value === 'yes')}
        options={YES_NO}
      />
      {children}
    </Flex>
  );
}
