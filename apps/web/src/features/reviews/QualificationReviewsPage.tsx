import { type ContractQuery, qualificationReviewContract, ratingLabel, reviewFeedback } from '@crm/domain';
import { Card, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { useMemberOptions } from '../../kit/lookups/useMemberOptions';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { reviewDateCell, reviewLeadCell, reviewLeadLink } from './review-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Reviews = typeof qualificationReviewContract;

const FILTERS = ['rating', 'category', 'status', 'createdAt'] as const;
const POPULATE = [
  { path: 'lead' as const, select: ['leadID'] },
  { path: 'customer' as const, select: ['fullName'] },
  { path: 'agent' as const, select: ['name', 'officeName'] },
];
const COLUMNS: readonly ColumnSpec<Reviews>[] = [
  'createdAt',
  'lead',
  'customer',
  'agent',
  'subject',
  'category',
  'rating',
  'feedback',
  'status',
  'qualificationTime',
];

/** The agent or the office picked above the list, as the list's fixed condition on the review's agent. */
function agentQuery(agent: string | undefined, office: readonly string[] | null): ContractQuery<Reviews> | undefined {
  if (agent) return { agent };
  if (office) return { agent: { $in: [...office] } };
  return undefined;
}

/**
 * /reports/leads-review (docs/product.md 'Qualification reviews'): every qualification review of the asset on the
 * kit (rating, category, status and date filters, sort, export), by agent or office; each opens its lead.
 */
export function QualificationReviewsPage() {
  const { timeZone } = browserLocale();
  const members = useMemberOptions();
  const [agent, setAgent] = useState<string>();
  const [office, setOffice] = useState<string>();
  const { inOffice } = members;
  const officeMembers = useMemo(() => (office ? inOffice(office) : null), [office, inOffice]);
  const fixedQuery = useMemo(() => agentQuery(agent, officeMembers), [agent, officeMembers]);
  const table = useResourceTable(qualificationReviewContract, {
    screen: 'qualification-reviews',
    ...(fixedQuery ? { fixedQuery } : {}),
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    render: {
      createdAt: reviewDateCell(timeZone),
      lead: reviewLeadCell,
      rating: (row) => ratingLabel(row.rating),
      feedback: (row) => reviewFeedback(row) || '-',
    },
    links: {
      detail: reviewLeadLink,
      linkField: 'lead',
    },
    rowName: (row) => row.subject ?? row._id,
  });
  return (
    <ResourcePage title="Qualification Reviews" contract={qualificationReviewContract}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="Agent"
            placeholder="Every agent"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 220 }}
            loading={members.loading}
            value={agent}
            onChange={(next?: string) => setAgent(next)}
            options={members.options}
          />
          <Select
            aria-label="Office"
            placeholder="Every office"
            allowClear
            style={{ minWidth: 180 }}
            value={office}
            onChange={(next?: string) => setOffice(next)}
            options={members.offices}
          />
        </Space>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
