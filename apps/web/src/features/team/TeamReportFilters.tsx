import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { DateFilterControl } from '../../kit/table/DateFilterControl';
import type { DateFilter } from '../../kit/table/date-filter';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The team reports' filters: the assignment dates, 'Exclude Test Agents' (Yes by default), and the report's own. */
export function TeamReportFilters(props: {
  date: DateFilter | null;
  onDate: (value: DateFilter | null) => void;
  now: Date;
  timeZone: string | undefined;
  excludeTests: boolean;
  onExcludeTests: (value: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
      <DateFilterControl
        field="assignedAt"
        label="Assigned"
        value={props.date}
        onChange={props.onDate}
        now={props.now}
        timeZone={props.timeZone}
      />
      <Select
        aria-label="Exclude Test Agents"
        prefix="Exclude Test Agents:"
        style={{ minWidth: 240 }}
        value={props.excludeTests ? 'yes' : 'no'}
        onChange={(value) => props.onExcludeTests(value === 'yes')}
        options={YES_NO}
      />
      {props.children}
    </Flex>
  );
}
