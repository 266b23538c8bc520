import { PlusOutlined } from '@ant-design/icons';
import { faqContract, MESSAGES } from '@crm/domain';
import { Button, Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { EditRowButton } from '../../kit/table/EditRowButton';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { FaqOrderList } from './FaqOrderList';
import { useDrawerState } from '../../kit/form/useDrawerState';

type Faqs = typeof faqContract;

const COLUMNS: readonly ColumnSpec<Faqs>[] = ['order', 'question', 'category', 'enabled', 'createdAt'];
const FILTERS = ['enabled', 'createdAt'] as const;
const POPULATE = [{ path: 'category' as const, select: ['name'] }];
const LABEL = faqContract.label.one;
const ORDER_TAB = 'order';

/**
 * /faqs/questions: the asset's questions on the kit's list engine (by order), added and edited in the kit's drawer;
 * the Order tab (`?tab=order`) puts them in a new order by drag and drop, mouse or keyboard.
 */
export function FaqQuestionsPage() {
  const permissions = useResourcePermissions(faqContract);
  const drawer = useDrawerState();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === ORDER_TAB && permissions.update ? ORDER_TAB : 'list';
  const table = useResourceTable(faqContract, {
    screen: 'faq-questions',
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    rowName: (row) => row.question ?? row._id,
    ...(permissions.update
      ? { rowActions: (row) => <EditRowButton label={LABEL} name={row.question ?? row._id} onClick={() => drawer.edit(row._id)} /> }
      : {}),
  });
  const setTab = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === ORDER_TAB) next.set('tab', ORDER_TAB);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  const list = <ResourceTable table={table} />;
  return (
    <ResourcePage
      title="FAQ Questions"
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(LABEL)}
          </Button>
        )
      }
    >
      <Card>
        {permissions.update ? (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            items={[
              { key: 'list', label: MESSAGES.faq.listTab, children: list },
              {
                key: ORDER_TAB,
                label: MESSAGES.faq.orderTab,
                children: <FaqOrderList />,
              },
            ]}
          />
        ) : (
          list
        )}
      </Card>
      <RecordDrawer contract={faqContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
