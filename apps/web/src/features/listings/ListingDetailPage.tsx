import { EditOutlined } from '@ant-design/icons';
import {
  leadContract,
  LINKS,
  LISTING_TEXT as T,
  listingContract,
  MESSAGES,
  PATHS,
  PERMIT_STATE_LABELS,
  PERMIT_STATUS_LABELS,
  SYNDICATION_TEXT as S,
  permitStateOf,
  populated,
} from '@crm/domain';
import { Card, Result, Space, Tag, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { CustomFieldDetails } from '../../kit/custom-fields/CustomFieldDetails';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { RecordHistory } from '../../kit/history/RecordHistory';
import { linkWithParams, paramsToCarry } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { ListingFeedActions } from './detail/ListingFeedActions';
import { ListingLeadsTable } from './detail/ListingLeadsTable';
import { ListingMediaGallery } from './detail/ListingMediaGallery';
import { ListingPublishing } from './detail/ListingPublishing';
import { ListingSyncStatus } from './sync/ListingSyncStatus';
import { useListingSync } from './sync/useListingSync';
import { ListingShortLink } from './detail/ListingShortLink';

const DETAIL_FIELDS = [
  'reference',
  'status',
  'title',
  'titleAr',
  'leadType',
  'rentFrequency',
  'unitType',
  'completionStatus',
  'price',
  'size',
  'bedrooms',
  'bathrooms',
  'parking',
  'furnishing',
  'country',
  'city',
  'location',
  'subLocation',
  'community',
  'subCommunity',
  'building',
  'latitude',
  'longitude',
  'agent',
  'owner',
  'permitNumber',
  'permitExpiresAt',
  'permitStatus',
  'permitCheckedAt',
  'portals',
  'shortUrl',
  'tags',
  'amenities',
  'description',
  'descriptionAr',
  'createdAt',
  'updatedAt',
] as const;
const CARD = { style: { marginBottom: 16 } } as const;
const paragraph = (text: string | null | undefined, arabic = false) => (
  <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }} {...(arabic ? { dir: 'rtl', lang: 'ar' } : {})}>
    {text || MESSAGES.record.empty}
  </Typography.Paragraph>
);

/**
 * /properties/listings/{id}: the listing's pictures and fields (its custom fields too), its permit state and where it
 * is published, the outcome of its feed calls, its leads and its history.
 */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permissions = useResourcePermissions(listingContract);
  const leads = useResourcePermissions(leadContract);
  const query = trpc.listings.byId.useQuery({ id, populate: ['agent', 'owner'] }, { enabled: id !== '', retry: false });
  const listing = query.data?.data;
  const sync = useListingSync();

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (listing) {
    const permit = permitStateOf(listing, new Date());
    body = (
      <>
        <ListingSyncStatus outcome={sync.outcome} />
        <Card title={T.sections.media} {...CARD}>
          <ListingMediaGallery
            images={listing.images ?? []}
            floorPlans={listing.floorPlans ?? []}
            cover={typeof listing.cover === 'string' ? listing.cover : (populated(listing.cover)?._id ?? null)}
            reference={listing.reference}
          />
        </Card>
        <Card {...CARD}>
          <ResourceDetail
            contract={listingContract}
            record={listing}
            fields={DETAIL_FIELDS}
            render={{
              titleAr: (record) => paragraph(record.titleAr, true),
              description: (record) => paragraph(record.description),
              descriptionAr: (record) => paragraph(record.descriptionAr, true),
              agent: (record) => populated(record.agent)?.name ?? MESSAGES.record.empty,
              owner: (record) => populated(record.owner)?.fullName ?? MESSAGES.record.empty,
              permitStatus: (record) => (
                <Tag color={record.permitStatus === 'valid' ? 'green' : record.permitStatus === 'unchecked' ? 'default' : 'red'}>
                  {PERMIT_STATUS_LABELS[record.permitStatus]}
                </Tag>
              ),
              shortUrl: (record) => <ListingShortLink listingId={record._id} shortUrl={record.shortUrl} canCreate={permissions.update} />,
              permitNumber: (record) => (
                <Space>
                  {record.permitNumber || MESSAGES.record.empty}
                  <Tag color={permit === 'valid' ? 'green' : 'orange'}>{PERMIT_STATE_LABELS[permit]}</Tag>
                </Space>
              ),
            }}
          />
        </Card>
        <CustomFieldDetails kind="listing" values={listing.customFields} />
        <Card title={S.publishing} {...CARD}>
          <ListingPublishing listing={listing} />
        </Card>
        {leads.read && (
          <Card title={T.leads} {...CARD}>
            <ListingLeadsTable listingId={listing._id} />
          </Card>
        )}
        <RecordHistory subjectType={listingContract.name} subjectId={listing._id} />
      </>
    );
  }

  const editLink = linkWithParams(LINKS.listingUpdate(id), { ref: LINKS.listing(id), refParams: paramsToCarry(params) });
  return (
    <ResourcePage
      title={listing ? `${listing.reference}${listing.title ? ` · ${listing.title}` : ''}` : 'Listing'}
      back={PATHS.LISTINGS}
      contract={listingContract}
      actions={
        permissions.update &&
        listing && (
          <Space wrap>
            <ListingFeedActions listingId={listing._id} hasPermit={Boolean(listing.permitNumber)} sync={sync} />
            <LinkButton type="primary" icon={<EditOutlined aria-hidden />} to={editLink}>
              {MESSAGES.record.edit}
            </LinkButton>
          </Space>
        )
      }
    >
      {body}
    </ResourcePage>
  );
}
