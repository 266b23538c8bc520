import { EditOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { leadContract, leadHomeFigureOf, leadsBehindOf, LINKS, MESSAGES, PATHS, PERMISSIONS } from '@crm/domain';
import { Button, Card, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { customFieldColumns, customFieldFilters } from '../../../kit/custom-fields/custom-field-list';
import { useCustomFieldDefinitions } from '../../../kit/custom-fields/useCustomFieldDefinitions';
import { useNow } from '../../../kit/list/useNow';
import { LinkButton } from '../../../kit/navigation/LinkButton';
import { useLinkBack } from '../../../kit/navigation/useLinkBack';
import { ResourcePage } from '../../../kit/page/ResourcePage';
import { useCan } from '../../../kit/session/useCan';
import { IconLink } from '../../../kit/table/IconLink';
import { ResourceTable } from '../../../kit/table/ResourceTable';
import { useResourceTable } from '../../../kit/table/useResourceTable';
import { LEADS_REPORT_POPULATE, LEADS_REPORT_SELECT, type LeadRow, type LeadRowView, leadRowView } from './lead-row';
import { leadsReportCells, leadsReportColumns } from './leads-report-columns';
import { LEADS_REPORT_FILTERS, leadsReportExtraFilters } from './leads-report-filters';
import { LeadQuickView } from './LeadQuickView';
import { LeadsReportOwnFilters } from './LeadsReportOwnFilters';
import { useLeadsReportLookups } from './useLeadsReportLookups';

const LINK_OPTIONS = { detail: (row: { _id: string }) => LINKS.leadDetail(row._id), linkField: 'leadID' } as const;

/** The Leads report (docs/product.md 'Leads report') on the kit's list engine: filters, columns, row links, export. */
export function LeadsReportPage() {
  const can = useCan();
  const canUpdate = can([PERMISSIONS.LEAD_UPDATE]);
  const canAdd = can([PERMISSIONS.LEAD_ADD]);
  const lookups = useLeadsReportLookups();
  const now = useNow();
  const linkBack = useLinkBack();
  const [quickView, setQuickView] = useState<LeadRow | null>(null);
  // Opened from a team report's or Home's figure: the leads behind it (read once; the reader may clear it).
  const [params] = useSearchParams();
  const [behind] = useState(() => leadsBehindOf(params));
  const [homeFigure] = useState(() => leadHomeFigureOf(params));

  // What a row's derived columns show, once per row object and clock tick.
  const view = useMemo(() => {
    const views = new WeakMap<LeadRow, LeadRowView>();
    return (row: LeadRow) => {
      const known = views.get(row);
      if (known) return known;
      const made = leadRowView(row, lookups, now);
      views.set(row, made);
      return made;
    };
  }, [lookups, now]);
  const context = useMemo(() => ({ view, linkBack }), [view, linkBack]);
  // The asset's custom fields of leads: optional columns (the column chooser) and, for options and Yes/No, filters.
  const custom = useCustomFieldDefinitions('lead');
  const columns = useMemo(() => [...leadsReportColumns(context), ...customFieldColumns(custom)], [context, custom]);
  const moreFilters = useMemo(() => customFieldFilters(custom), [custom]);
  const cells = useMemo(() => leadsReportCells(context), [context]);
  const extraFilters = useMemo(
    () => leadsReportExtraFilters(lookups.testAgentIds, behind, homeFigure),
    [lookups.testAgentIds, behind, homeFigure],
  );

  const table = useResourceTable(leadContract, {
    screen: 'leads-report',
    columns,
    render: cells,
    filters: LEADS_REPORT_FILTERS,
    moreFilters,
    extraFilters,
    select: LEADS_REPORT_SELECT,
    populate: LEADS_REPORT_POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.leadID ?? row._id,
    // The Update Lead icon only with LEAD_UPDATE; the form lives at /leads/{id}/update.
    rowActions: (row) => (
      <>
        <Tooltip title={`Quick view of lead ${row.leadID ?? ''}`}>
          <Button
            type="text"
            size="small"
            icon={<ProfileOutlined />}
            aria-label={`Quick view of lead ${row.leadID ?? ''}`}
            onClick={() => setQuickView(row)}
            style={{ minWidth: 28, minHeight: 28 }}
          />
        </Tooltip>
        {canUpdate && (
          <IconLink
            to={linkBack(LINKS.leadUpdatePage(row._id))}
            label={`${MESSAGES.pages.updateLeadTitle} ${row.leadID ?? ''}`}
            icon={<EditOutlined />}
          />
        )}
      </>
    ),
    // With test agents excluded, wait for them rather than show their leads for a moment.
    enabled: lookups.testAgentsSettled,
  });

  return (
    <ResourcePage
      title="Leads"
      actions={
        <>
          {/* An agent's own leads and the lead pool (accept, claim). */}
          <LinkButton to={PATHS.MY_LEADS}>My Leads & Pool</LinkButton>
          {canAdd && (
            <LinkButton type="primary" icon={<PlusOutlined />} to={linkBack(PATHS.LEAD_CREATE)}>
              Create Lead
            </LinkButton>
          )}
        </>
      }
    >
      <Card>
        <ResourceTable
          table={table}
          testId="leads-table"
          filters={<LeadsReportOwnFilters value={table.toolbar.extra} onChange={table.toolbar.setExtra} />}
        />
      </Card>
      <LeadQuickView lead={quickView} onClose={() => setQuickView(null)} linkBack={linkBack} />
    </ResourcePage>
  );
}
