import { faqContract, MESSAGES } from '@crm/domain';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DrawerListPage } from '../../kit/page/DrawerListPage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useDrawerListTable } from '../../kit/table/useDrawerListTable';
import { FaqOrderList } from './FaqOrderList';

type Faqs = typeof faqContract;

const COLUMNS: readonly ColumnSpec<Faqs>[] = ['order', 'question', 'category', 'enabled', 'createdAt'];
const FILTERS = ['enabled', 'createdAt'] as const;
const POPULATE = [{ path: 'category' as const, select: ['name'] }];
const ORDER_TAB = 'order';

/**
 * /faqs/questions: the asset's questions on the kit's list engine (by order), added and edited in the kit's drawer;
 * the Order tab (`?tab=order`) puts them in a new order by drag and drop, mouse or keyboard.
 */
export function FaqQuestionsPage() {
  const list = useDrawerListTable(faqContract, {
    screen: 'faq-questions',
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    rowName: (row) => row.question ?? row._id,
  });
  const { permissions } = list;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === ORDER_TAB && permissions.update ? ORDER_TAB : 'list';
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
  const table = <ResourceTable table={list.table} />;
  return (
    <DrawerListPage title="FAQ Questions" list={list}>
      {permissions.update ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'list', label: MESSAGES.faq.listTab, children: table },
            {
              key: ORDER_TAB,
              label: MESSAGES.faq.orderTab,
              children: <FaqOrderList />,
            },
          ]}
        />
      ) : (
        table
      )}
    </DrawerListPage>
  );
}
