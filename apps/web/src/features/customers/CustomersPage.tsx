import { PlusOutlined } from '@ant-design/icons';
import { customerContract, LINKS, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useMemo } from 'react';
import { customFieldColumns, customFieldFilters } from '../../kit/custom-fields/custom-field-list';
import { useCustomFieldDefinitions } from '../../kit/custom-fields/useCustomFieldDefinitions';
import { linkWithParams } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Customers = typeof customerContract;

const COLUMNS: readonly ColumnSpec<Customers>[] = [
  'customerID',
  'fullName',
  'email',
  'phoneNumber',
  'type',
  'enabled',
  'doNotDisturb',
  'inputSource',
  'createdAt',
];
const FILTERS = ['type', 'enabled', 'doNotDisturb', 'inputSource', 'createdAt'] as const;
const LINK_OPTIONS = {
  detail: (row: { _id: string }) => LINKS.customer(row._id),
  edit: (row: { _id: string }) => LINKS.customerUpdate(row._id),
  linkField: 'fullName',
} as const;

/** /customers: the asset's customers on the kit's list engine (docs/product.md 'Lists', 'Customers'). */
export function CustomersPage() {
  const permissions = useResourcePermissions(customerContract);
  // The asset's custom fields of customers: optional columns and, for options and Yes/No, filters.
  const custom = useCustomFieldDefinitions('customer');
  const columns = useMemo(() => [...COLUMNS, ...customFieldColumns(custom)], [custom]);
  const moreFilters = useMemo(() => customFieldFilters(custom), [custom]);
  const table = useResourceTable(customerContract, {
    screen: 'customers',
    columns,
    filters: FILTERS,
    moreFilters,
    links: LINK_OPTIONS,
    rowName: (row) => row.fullName ?? row.customerID ?? row._id,
  });
  return (
    <ResourcePage
      title="Customers"
      actions={
        permissions.create && (
          <LinkButton type="primary" icon={<PlusOutlined />} to={linkWithParams(PATHS.CUSTOMER_CREATE, { ref: PATHS.CUSTOMERS })}>
            {MESSAGES.record.add(customerContract.label.one)}
          </LinkButton>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
