import { ALL_ROWS_LIMIT, MESSAGES } from '@crm/domain';
import { Alert, Empty, Spin } from 'antd';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SortableList } from '../../kit/sortable/SortableList';
import { type OrderedFaq, SortableFaqRow } from './SortableFaqRow';

/** Every question at once: the order call takes the whole list (the first gets order 0). */
const ORDER_FILTER = {
  limit: ALL_ROWS_LIMIT,
  sort: { order: 1 as const },
  select: ['question' as const, 'order' as const, 'enabled' as const, 'category' as const],
  populate: [{ path: 'category' as const, select: ['name'] }],
};

/** The questions in their order (the kit's SortableList); a drop saves the whole order in one call (faqs.reorder). */
export function FaqOrderList() {
  const utils = trpc.useUtils();
  const query = trpc.faqs.list.useQuery({ filter: ORDER_FILTER });
  const reorder = trpc.faqs.reorder.useMutation();

  if (query.isError) return <Alert type="error" showIcon title={toApiError(query.error).message} />;
  if (query.isPending) return <Spin />;
  const faqs: OrderedFaq[] = query.data.data.map((row) => ({
    _id: row._id,
    question: row.question ?? '',
    enabled: row.enabled ?? true,
    category: row.category,
  }));
  if (!faqs.length) return <Empty description={MESSAGES.faq.noQuestions} />;
  return (
    <SortableList
      items={faqs}
      idOf={(faq) => faq._id}
      nameOf={(faq) => faq.question}
      hint={MESSAGES.faq.orderHint}
      onReorder={(ids) => reorder.mutateAsync({ ids }).then(() => utils.faqs.invalidate())}
      failed={MESSAGES.faq.orderFailed}
      testId="faq-order-list"
      renderItem={(faq, row) => <SortableFaqRow key={faq._id} faq={faq} position={row.position} disabled={row.disabled} />}
    />
  );
}
