import { faqCategoryContract } from '@crm/domain';
import { DrawerListPage } from '../../kit/page/DrawerListPage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useDrawerListTable } from '../../kit/table/useDrawerListTable';

type Categories = typeof faqCategoryContract;

const COLUMNS: readonly ColumnSpec<Categories>[] = ['name', 'createdAt'];
const FILTERS = ['createdAt'] as const;

/** /faqs/categories: the asset's FAQ categories; added and renamed in the kit's drawer. */
export function FaqCategoriesPage() {
  const list = useDrawerListTable(faqCategoryContract, {
    screen: 'faq-categories',
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.name ?? row._id,
  });
  return <DrawerListPage title="FAQ Categories" list={list} />;
}
