import { CheckOutlined } from '@ant-design/icons';
import { activityContract, type ContractQuery, formatInZone, isActivityOverdue } from '@crm/domain';
import { Button, Space, Tag } from 'antd';
import { browserLocale } from '../../app/request-headers';
import { DATE_TIME_FORMAT } from '../../kit/display/field-text';
import { useNow } from '../../kit/list/useNow';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { ActivityAbout } from './ActivityAbout';
import { useMarkDone } from './useMarkDone';

type Activities = typeof activityContract;

const FILTERS = ['type', 'dueAt', 'doneAt'] as const;
const POPULATE = [
  { path: 'agent' as const, select: ['name'] },
  { path: 'lead' as const, select: ['leadID'] },
  { path: 'customer' as const, select: ['fullName'] },
  { path: 'deal' as const, select: ['title'] },
];

const COLUMNS: readonly ColumnSpec<Activities>[] = [
  'type',
  'subject',
  {
    key: 'about',
    title: 'Lead / customer / deal',
    render: (row) => <ActivityAbout lead={row.lead} customer={row.customer} deal={row.deal} />,
  },
  'agent',
  'dueAt',
  'doneAt',
];

/**
 * The activities as a list on the kit (filters, sort, export), narrowed by the screen's scope, bucket and URL filters
 * (`fixedQuery`); an overdue row says 'Overdue' in text, and an open task is marked done from its row.
 */
export function ActivitiesList({ fixedQuery, canUpdate }: { fixedQuery: ContractQuery<Activities>; canUpdate: boolean }) {
  const now = useNow(30_000);
  const { timeZone } = browserLocale();
  const { markDone, saving } = useMarkDone();
  const table = useResourceTable(activityContract, {
    screen: 'activities',
    fixedQuery,
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    select: ['lead', 'customer', 'deal'],
    render: {
      dueAt: (row) =>
        row.dueAt ? (
          <Space size={4} wrap>
            <span>{formatInZone(row.dueAt, DATE_TIME_FORMAT, timeZone)}</span>
            {isActivityOverdue(row, now) && <Tag color="red">Overdue</Tag>}
          </Space>
        ) : (
          '-'
        ),
    },
    rowName: (row) => row.subject ?? row._id,
    rowActions: (row) =>
      canUpdate && !row.doneAt ? (
        <Button
          size="small"
          icon={<CheckOutlined />}
          loading={saving === row._id}
          onClick={() => markDone(row._id)}
          aria-label={`Mark done: ${row.subject ?? ''}`}
        >
          Mark done
        </Button>
      ) : null,
  });
  return <ResourceTable table={table} />;
}
