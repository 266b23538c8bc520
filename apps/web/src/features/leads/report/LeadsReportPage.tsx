import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_LEAD_SORT, hasPermission, leadContract, PAGE_SIZE_OPTIONS, PATHS, PERMISSIONS } from '@crm/domain';
import { Alert, Button, Card, Space, Table } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { BackButton } from '../../../kit/navigation/BackButton';
import { linkWithParams, paramsToCarry, type LinkParams } from '../../../kit/navigation/list-links';
import { listSortOf, sortFromTable, toListFilter, type TableSorterLike } from '../../../kit/list/list-state';
import { ListEmpty } from '../../../kit/list/ListEmpty';
import { useListState } from '../../../kit/list/useListState';
import { listResultOf, useListFilter } from '../../../kit/list/useResourceList';
import { PageHeader } from '../../../kit/page/PageHeader';
import { permissionSubjectOf } from '../../../kit/session/profile-permissions';
import { useProfile } from '../../../kit/session/useProfile';
import { LEADS_REPORT_POPULATE, LEADS_REPORT_SELECT, leadRowView, readLeadRow } from './lead-row';
import { leadsReportColumns, type LeadTableRow } from './leads-report-columns';
import { DEFAULT_LEADS_REPORT_FILTERS, leadsReportQuery, parseLeadsReportFilters, type LeadsReportFilters } from './leads-report-filters';
import { LeadsExportButton } from './LeadsExportButton';
import { LeadsReportFilterBar } from './LeadsReportFilterBar';
import { useLeadsReportLookups } from './useLeadsReportLookups';
import { useNow } from './useNow';

const SCREEN = 'leads-report';
const DEFAULT_SORT = listSortOf(DEFAULT_LEAD_SORT);

/** The Leads report (docs/product.md 'Leads report'): filters, the list engine, row links, export. */
export function LeadsReportPage() {
  const profile = useProfile().data;
  const subject = profile ? permissionSubjectOf(profile) : null;
  const canUpdate = subject ? hasPermission(subject, [PERMISSIONS.LEAD_UPDATE]) : false;
  const canAdd = subject ? hasPermission(subject, [PERMISSIONS.LEAD_ADD]) : false;

  const [params] = useSearchParams();
  const { state, setFilters, setPage, setSort, reset } = useListState<LeadsReportFilters>(
    SCREEN,
    DEFAULT_LEADS_REPORT_FILTERS,
    parseLeadsReportFilters,
  );
  const lookups = useLeadsReportLookups();
  const now = useNow();
  const timeZone = browserLocale().timeZone;

  const query = useMemo(
    () => leadsReportQuery(state.filters, { testAgentIds: lookups.testAgentIds, now, timeZone }),
    [state.filters, lookups.testAgentIds, now, timeZone],
  );
  const filter = toListFilter(state, DEFAULT_SORT, leadContract.keys.sortable, {
    query,
    select: [...LEADS_REPORT_SELECT],
    populate: LEADS_REPORT_POPULATE,
  });
  // With test agents excluded, wait for them rather than show their leads for a moment.
  const debounced = useListFilter(filter, { enabled: !state.filters.excludeTestAgents || lookups.testAgentsSettled });
  const leads = trpc.leads.list.useQuery({ filter: debounced.value }, debounced.queryOptions);
  const list = listResultOf(leads, debounced.pending);

  const rows = useMemo<LeadTableRow[]>(
    () =>
      list.rows.map((raw) => {
        const row = readLeadRow(raw);
        return { ...row, view: leadRowView(row, lookups, now) };
      }),
    [list.rows, lookups, now],
  );

  const linkParams: LinkParams = useMemo(() => ({ ref: PATHS.LEADS_REPORT, refParams: paramsToCarry(params) }), [params]);
  const columns = useMemo(
    () => leadsReportColumns({ timeZone, canUpdate, sort: state.sort, defaultSort: DEFAULT_SORT, linkParams }),
    [timeZone, canUpdate, state.sort, linkParams],
  );
  const exportFilter = useMemo(() => ({ query: filter.query, sort: filter.sort }), [filter.query, filter.sort]);

  return (
    <>
      <PageHeader
        title="Leads"
        extra={
          <Space wrap>
            <BackButton />
            <LeadsExportButton filter={exportFilter} expectedRows={list.meta?.total ?? null} />
            {/* An agent's own leads and the lead pool (accept, claim). */}
            <Link to={PATHS.MY_LEADS}>
              <Button>My Leads & Pool</Button>
            </Link>
            {canAdd && (
              <Link to={linkWithParams(PATHS.LEAD_CREATE, linkParams)}>
                <Button type="primary" icon={<PlusOutlined />}>
                  Create Lead
                </Button>
              </Link>
            )}
          </Space>
        }
      />
      <Card>
        <LeadsReportFilterBar
          filters={state.filters}
          onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))}
          onReset={reset}
          timeZone={timeZone}
          now={now}
        />
        {list.error && <Alert type="error" showIcon title={list.error} style={{ marginBottom: 16 }} data-testid="leads-error" />}
        <Table<LeadTableRow>
          data-testid="leads-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.loading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.loading ? ' ' : <ListEmpty label="leads" error={list.error} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') setSort(sortFromTable(sorter as TableSorterLike | TableSorterLike[]));
          }}
          pagination={{
            current: list.meta?.page ?? state.page,
            pageSize: state.limit,
            total: list.meta?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
            onChange: (page, pageSize) => setPage(page, pageSize),
          }}
        />
      </Card>
    </>
  );
}
