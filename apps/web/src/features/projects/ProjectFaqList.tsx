import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { MESSAGES, PROJECT_MESSAGES, type ProjectFaq } from '@crm/domain';
import { App, Empty, Typography } from 'antd';
import { useId, useState } from 'react';
import { toApiError } from '../../kit/api/api-error';
import { ProjectFaqEditModal } from './ProjectFaqEditModal';
import type { ProjectRecord } from './project-record';
import { SortableProjectFaq } from './SortableProjectFaq';
import { useProjectPart } from './useProjectPart';
import { SORTABLE_LIST_CLASS } from '../../kit/sortable/SortableItem';

const HINT = PROJECT_MESSAGES.faqOrderHint;

/** What a screen reader hears while a question moves: the question and its place, never dnd-kit's ids. */
function announcements(questionOf: (id: UniqueIdentifier) => string, placeOf: (id: UniqueIdentifier) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${questionOf(active.id)}, at ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${questionOf(active.id)} is over ${placeOf(over.id)}.` : `${questionOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${questionOf(active.id)} dropped at ${placeOf(over.id)}.` : `${questionOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${questionOf(active.id)} was cancelled.`,
  };
}

/**
 * The project's questions in their order, dragged by a handle with the mouse or the keyboard, as the FAQs screen
 * does; a drop saves the whole order in one call ({id}/change-faqs-order), a failed save puts the list back.
 */
export function ProjectFaqList({ project }: { project: ProjectRecord }) {
  const { message } = App.useApp();
  const hintId = useId();
  const parts = useProjectPart();
  const [pending, setPending] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<ProjectFaq | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const faqs = project.faqs ?? [];
  const byId = new Map(faqs.map((faq) => [faq._id, faq]));
  const ids = pending ?? faqs.map((faq) => faq._id);
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  const busy = parts.reorderFaqs.isPending || parts.removeFaq.isPending;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setPending(next);
    parts.reorderFaqs
      .mutateAsync({ id: project._id, data: { ids: next } })
      .then(() => void message.success(MESSAGES.record.orderSaved))
      .catch((error: unknown) => void message.error(toApiError(error).message))
      .finally(() => setPending(null));
  };
  const remove = (faq: ProjectFaq) =>
    parts.removeFaq
      .mutateAsync({ id: project._id, faqId: faq._id })
      .then(() => void message.success(PROJECT_MESSAGES.faqRemoved))
      .catch((error: unknown) => void message.error(toApiError(error).message));

  if (!items.length) return <Empty description={PROJECT_MESSAGES.noFaqs} />;
  const questionOf = (id: UniqueIdentifier) => byId.get(String(id))?.question ?? '';
  const placeOf = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return (
    <>
      <Typography.Paragraph id={hintId}>{HINT}</Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: announcements(questionOf, placeOf), screenReaderInstructions: { draggable: HINT } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol
            className={SORTABLE_LIST_CLASS}
            style={{ marginBottom: 16 }}
            aria-describedby={hintId}
            aria-busy={busy}
            data-testid="project-faq-list"
          >
            {items.map((faq, index) => (
              <SortableProjectFaq
                key={faq._id}
                faq={faq}
                position={index + 1}
                disabled={busy}
                onEdit={setEditing}
                onRemove={(f) => void remove(f)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {editing && <ProjectFaqEditModal project={project} faq={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
