import { PlusOutlined } from '@ant-design/icons';
import { faqCategoryContract, MESSAGES } from '@crm/domain';
import { Button, Card } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { EditRowButton } from '../../kit/table/EditRowButton';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';

type Categories = typeof faqCategoryContract;

const COLUMNS: readonly ColumnSpec<Categories>[] = ['name', 'createdAt'];
const FILTERS = ['createdAt'] as const;
const LABEL = faqCategoryContract.label.one;

/** /faqs/categories: the asset's FAQ categories; added and renamed in the kit's drawer. */
export function FaqCategoriesPage() {
  const permissions = useResourcePermissions(faqCategoryContract);
  const drawer = useDrawerState();
  const table = useResourceTable(faqCategoryContract, {
    screen: 'faq-categories',
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.name ?? row._id,
    ...(permissions.update
      ? { rowActions: (row) => <EditRowButton label={LABEL} name={row.name ?? row._id} onClick={() => drawer.edit(row._id)} /> }
      : {}),
  });
  return (
    <ResourcePage
      title="FAQ Categories"
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(LABEL)}
          </Button>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <RecordDrawer contract={faqCategoryContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
