import { EditOutlined } from '@ant-design/icons';
import { CUSTOMER_EMAIL_STATUS_LABELS, customerContract, DNCR_STATUS_LABELS, LINKS, leadContract, MESSAGES, PATHS } from '@crm/domain';
import { Card, Result, Tag } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { RecordHistory } from '../../kit/history/RecordHistory';
import { linkWithParams, paramsToCarry } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { TimelineCard } from '../timeline/index';
import { CustomerAccountCard } from './CustomerAccountCard';
import { CustomerLeadsTable } from './CustomerLeadsTable';

const DETAIL_FIELDS = [
  'customerID',
  'fullName',
  'email',
  'phoneNumber',
  'type',
  'enabled',
  'doNotDisturb',
  'inputSource',
  'sourceDataId',
  'dncrStatus',
  'emailStatus',
  'createdAt',
  'updatedAt',
] as const;

const CARD = { style: { marginBottom: 16 } } as const;

/** /customers/{id}: the customer's fields, their account (login, password, quick-login link), their leads and their history. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const permissions = useResourcePermissions(customerContract);
  const leads = useResourcePermissions(leadContract);
  const query = trpc.customers.byId.useQuery({ id }, { enabled: id !== '', retry: false });
  const customer = query.data?.data;

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (customer)
    body = (
      <>
        <Card {...CARD}>
          <ResourceDetail
            contract={customerContract}
            record={customer}
            fields={DETAIL_FIELDS}
            render={{
              // The Do Not Call Registry's answer, checked after each save of the number.
              dncrStatus: (record) =>
                record.dncrStatus === 'listed' ? (
                  <Tag color="red">{DNCR_STATUS_LABELS.listed}</Tag>
                ) : record.dncrStatus === 'clear' ? (
                  DNCR_STATUS_LABELS.clear
                ) : (
                  MESSAGES.record.empty
                ),
              // What the mail provider last said of the address (SendGrid's events); nothing while it is fine.
              emailStatus: (record) =>
                record.emailStatus ? <Tag color="orange">{CUSTOMER_EMAIL_STATUS_LABELS[record.emailStatus]}</Tag> : MESSAGES.record.empty,
            }}
          />
        </Card>
        {permissions.update && <CustomerAccountCard customer={customer} />}
        {leads.read && (
          <Card title={MESSAGES.customer.leads} {...CARD}>
            <CustomerLeadsTable customerId={customer._id} />
          </Card>
        )}
        <TimelineCard of="customer" id={customer._id} />
        <RecordHistory subjectType={customerContract.name} subjectId={customer._id} />
      </>
    );

  // The edit page comes back here, with this page's own params.
  const editLink = linkWithParams(LINKS.customerUpdate(id), { ref: LINKS.customer(id), refParams: paramsToCarry(params) });
  return (
    <ResourcePage
      title={customer?.fullName || customerContract.label.one}
      back={PATHS.CUSTOMERS}
      contract={customerContract}
      actions={
        permissions.update &&
        customer && (
          <LinkButton type="primary" icon={<EditOutlined />} to={editLink}>
            {MESSAGES.record.edit}
          </LinkButton>
        )
      }
    >
      {body}
    </ResourcePage>
  );
}
