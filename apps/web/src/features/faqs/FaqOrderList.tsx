import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ALL_ROWS_LIMIT, MESSAGES } from '@crm/domain';
import { Alert, App, Empty, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { orderAnnouncements } from './faq-order-announcements';
import { type OrderedFaq, SortableFaqRow } from './SortableFaqRow';
import { SORTABLE_LIST_CLASS } from '../../kit/sortable/SortableItem';

const INSTRUCTIONS: ScreenReaderInstructions = { draggable: MESSAGES.faq.orderHint };
/** Every question at once: the order call takes the whole list (the first gets order 0). */
const ORDER_FILTER = {
  limit: ALL_ROWS_LIMIT,
  sort: { order: 1 as const },
  select: ['question' as const, 'order' as const, 'enabled' as const, 'category' as const],
  populate: [{ path: 'category' as const, select: ['name'] }],
};

/**
 * The questions in their order, dragged by a handle with the mouse, or with the keyboard (Space lifts, the arrows move,
 * Space drops, Escape cancels), each move announced. A drop saves the whole order in one call (faqs.reorder); a failed
 * save puts the list back as the server has it.
 */
export function FaqOrderList() {
  const { message } = App.useApp();
  const hintId = useId();
  const utils = trpc.useUtils();
  const query = trpc.faqs.list.useQuery({ filter: ORDER_FILTER });
  const reorder = trpc.faqs.reorder.useMutation();
  const [pending, setPending] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const served: OrderedFaq[] = (query.data?.data ?? []).map((row) => ({
    _id: row._id,
    question: row.question ?? '',
    enabled: row.enabled ?? true,
    category: row.category,
  }));
  const byId = new Map(served.map((faq) => [faq._id, faq]));
  const ids = pending ?? served.map((faq) => faq._id);
  const items = ids.flatMap((id) => byId.get(id) ?? []);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(ids, from, to);
    setPending(next);
    reorder
      .mutateAsync({ ids: next })
      .then(async () => {
        void message.success(MESSAGES.record.orderSaved);
        await utils.faqs.invalidate();
      })
      .catch((error: unknown) => void message.error(toApiError(error).message || MESSAGES.faq.orderFailed))
      .finally(() => setPending(null));
  };

  if (query.isError) return <Alert type="error" showIcon title={toApiError(query.error).message} />;
  if (query.isPending) return <Spin />;
  if (!items.length) return <Empty description={MESSAGES.faq.noQuestions} />;
  const questionOf = (id: string | number) => byId.get(String(id))?.question ?? '';
  return (
    <>
      <Typography.Paragraph id={hintId}>{MESSAGES.faq.orderHint}</Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: orderAnnouncements(questionOf, (id) => ids.indexOf(String(id)) + 1, ids.length),
          screenReaderInstructions: INSTRUCTIONS,
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={SORTABLE_LIST_CLASS} aria-describedby={hintId} aria-busy={reorder.isPending} data-testid="faq-order-list">
            {items.map((faq, index) => (
              <SortableFaqRow key={faq._id} faq={faq} position={index + 1} disabled={reorder.isPending} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
