import {
  type ContractQuery,
  DISPUTE_STATE_LABELS,
  PERMISSIONS as P,
  populated,
  VIEWING_REVIEW_MESSAGES as M,
  viewingReviewContract,
} from '@crm/domain';
import { Card, Col, List, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { trpc } from '../../app/trpc';
import { useMemberOptions } from '../../kit/lookups/useMemberOptions';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { reviewDateCell, reviewLeadCell, reviewLeadLink } from './review-columns';
import { useCan } from '../../kit/session/useCan';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { ViewingReviewActions } from './ViewingReviewActions';

type Reviews = typeof viewingReviewContract;

const FILTERS = ['rating', 'disputeState', 'createdAt'] as const;
const POPULATE = [
  { path: 'lead' as const, select: ['leadID'] },
  { path: 'customer' as const, select: ['fullName'] },
  { path: 'agent' as const, select: ['name', 'officeName'] },
  { path: 'listing' as const, select: ['reference', 'title'] },
  { path: 'project' as const, select: ['name'] },
];
const COLUMNS: readonly ColumnSpec<Reviews>[] = [
  'createdAt',
  'lead',
  'customer',
  'agent',
  'listing',
  'project',
  'rating',
  'comment',
  'disputeState',
  'disputeReason',
];

/** The averages per agent and per listing over the agent, listing and project picked above the list. */
function Averages({ query }: { query: { agent?: string; listing?: string; project?: string } }) {
  const byAgent = trpc.viewingReviews.averages.useQuery({ by: 'agent', ...query });
  const byListing = trpc.viewingReviews.averages.useQuery({ by: 'listing', ...query });
  const card = (
    by: 'agent' | 'listing',
    rows: { id: string; name: string; count: number; average: number }[] | undefined,
    loading: boolean,
  ) => (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {M.averagesBy[by]}
        </Typography.Title>
      }
      data-testid={`viewing-review-averages-${by}`}
    >
      <List
        size="small"
        loading={loading}
        dataSource={(rows ?? []).slice(0, 5)}
        locale={{ emptyText: <Typography.Text>{M.none}</Typography.Text> }}
        renderItem={(row) => (
          <List.Item>
            <Typography.Text strong>{row.name}</Typography.Text>
            <Typography.Text>{M.averageLine(row.average, row.count)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} md={12}>
        {card('agent', byAgent.data?.rows, byAgent.isPending)}
      </Col>
      <Col xs={24} md={12}>
        {card('listing', byListing.data?.rows, byListing.isPending)}
      </Col>
    </Row>
  );
}

/** Listings or projects to pick above the list, by name. */
function usePlaceOptions() {
  const listings = trpc.listings.list.useQuery({ filter: { select: ['reference', 'title'], sort: { reference: 1 }, limit: 500 } });
  const projects = trpc.projects.list.useQuery({ filter: { select: ['name'], sort: { name: 1 }, limit: 500 } });
  return {
    listings: (listings.data?.data ?? []).map((row) => ({ value: row._id, label: row.title || row.reference || row._id })),
    projects: (projects.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id })),
  };
}

/**
 * /reports/viewing-reviews (docs/product.md 'Viewing reviews'): what customers said after their viewings, on the
 * kit (rating, dispute state and date filters, sort, export), by agent, listing and project, with the averages; a
 * manager upholds or removes a disputed review here.
 */
export function ViewingReviewsPage() {
  const { timeZone } = browserLocale();
  const can = useCan();
  const members = useMemberOptions();
  const places = usePlaceOptions();
  const [agent, setAgent] = useState<string>();
  const [listing, setListing] = useState<string>();
  const [project, setProject] = useState<string>();
  const picked = useMemo(
    () => ({ ...(agent ? { agent } : {}), ...(listing ? { listing } : {}), ...(project ? { project } : {}) }),
    [agent, listing, project],
  );
  const fixedQuery = useMemo<ContractQuery<Reviews> | undefined>(() => (Object.keys(picked).length ? picked : undefined), [picked]);
  const mayResolve = can([P.VIEWING_REVIEWS_REPORT_VIEW]);
  const table = useResourceTable(viewingReviewContract, {
    screen: 'viewing-reviews',
    ...(fixedQuery ? { fixedQuery } : {}),
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    render: {
      createdAt: reviewDateCell(timeZone),
      lead: reviewLeadCell,
      listing: (row) => populated(row.listing)?.reference ?? '-',
      rating: (row) => (row.rating ? M.stars(row.rating) : '-'),
      disputeState: (row) => (row.disputeState ? DISPUTE_STATE_LABELS[row.disputeState] : '-'),
    },
    links: {
      detail: reviewLeadLink,
      linkField: 'lead',
    },
    rowName: (row) => `${populated(row.customer)?.fullName ?? ''} ${row.rating ? M.stars(row.rating) : ''}`.trim() || row._id,
    rowActions: (row) => (
      <ViewingReviewActions
        review={{ _id: row._id, disputeState: row.disputeState ?? 'none', rating: row.rating ?? null }}
        mayDispute={false}
        mayResolve={mayResolve}
      />
    ),
  });
  const select = (
    label: string,
    placeholder: string,
    value: string | undefined,
    set: (next?: string) => void,
    options: { value: string; label: string }[],
  ) => (
    <Select
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 200 }}
      value={value}
      onChange={(next?: string) => set(next)}
      options={options}
    />
  );
  return (
    <ResourcePage title={M.title} contract={viewingReviewContract}>
      <Space wrap style={{ marginBottom: 16 }}>
        {select('Agent', 'Every agent', agent, setAgent, members.options)}
        {select('Listing', 'Every listing', listing, setListing, places.listings)}
        {select('Project', 'Every project', project, setProject, places.projects)}
      </Space>
      <Averages query={picked} />
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
