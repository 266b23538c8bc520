import { HomeOutlined } from '@ant-design/icons';
import { LINKS, LISTING_TEXT as T, type ListingRow, listingContract } from '@crm/domain';
import { Card, Col, Empty, Pagination, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { fieldText } from '../../../kit/display/field-text';
import { useLinkBack } from '../../../kit/navigation/useLinkBack';
import type { ResourceTableState } from '../../../kit/table/useResourceTable';
import type { ListingOwnFilters } from './listing-filters';

const COVER_HEIGHT = 160;
const fields = listingContract.fields;

function Cover({ row }: { row: ListingRow }) {
  return (
    <div
      style={{
        height: COVER_HEIGHT,
        background: '#f0f2f5',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {row.coverUrl ? (
        <img
          src={row.coverUrl}
          alt={T.coverAlt(row.reference ?? '')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          loading="lazy"
        />
      ) : (
        <span role="img" aria-label={T.noCover} style={{ fontSize: 40, color: '#595959' }}>
          <HomeOutlined aria-hidden />
        </span>
      )}
    </div>
  );
}

/** The card view of the listings list: the same rows, filters and pages as the table, each with its cover image. */
export function ListingCards({ table }: { table: ResourceTableState<typeof listingContract, ListingOwnFilters> }) {
  const withRef = useLinkBack();
  const { pagination } = table.tableProps;
  if (table.loading && !table.rows.length) return <Spin />;
  if (!table.rows.length) return <Empty description={table.error ?? `No ${listingContract.label.many} found`} />;
  return (
    <>
      <Row gutter={[16, 16]} role="list" data-testid="listings-cards">
        {table.rows.map((row) => (
          <Col key={row._id} xs={24} sm={12} lg={8} xl={6} role="listitem">
            <Card cover={<Cover row={row} />} size="small">
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <Link to={withRef(LINKS.listing(row._id))}>
                  <Typography.Text strong>{row.reference}</Typography.Text>
                </Link>
                <Typography.Text>{row.title || '-'}</Typography.Text>
                <Typography.Text>{fieldText(fields.price, row.price)}</Typography.Text>
                <Typography.Text type="secondary">
                  {[row.community, row.location, row.city].filter(Boolean).join(', ') || '-'}
                </Typography.Text>
                <Space size={4} wrap>
                  {row.leadType ? <Tag>{row.leadType}</Tag> : null}
                  {row.status ? <Tag color="blue">{row.status}</Tag> : null}
                  {typeof row.bedrooms === 'number' ? <Tag>{`${row.bedrooms} BR`}</Tag> : null}
                </Space>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      {pagination ? (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showSizeChanger={pagination.showSizeChanger}
          pageSizeOptions={pagination.pageSizeOptions}
          showTotal={pagination.showTotal}
          onChange={pagination.onChange}
        />
      ) : null}
    </>
  );
}
