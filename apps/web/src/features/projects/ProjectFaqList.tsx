import { PROJECT_MESSAGES, type ProjectFaq } from '@crm/domain';
import { App, Empty } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../kit/api/api-error';
import { SortableList } from '../../kit/sortable/SortableList';
import { ProjectFaqEditModal } from './ProjectFaqEditModal';
import type { ProjectRecord } from './project-record';
import { SortableProjectFaq } from './SortableProjectFaq';
import { useProjectPart } from './useProjectPart';

/**
 * The project's questions in their order (the kit's SortableList, as the FAQs screen); a drop saves the whole order in
 * one call (projects.reorderFaqs, {id}/change-faqs-order), a failed save puts the list back.
 */
export function ProjectFaqList({ project }: { project: ProjectRecord }) {
  const { message } = App.useApp();
  const parts = useProjectPart();
  const [editing, setEditing] = useState<ProjectFaq | null>(null);
  const faqs = project.faqs ?? [];
  const remove = (faq: ProjectFaq) =>
    parts.removeFaq
      .mutateAsync({ id: project._id, faqId: faq._id })
      .then(() => void message.success(PROJECT_MESSAGES.faqRemoved))
      .catch((error: unknown) => void message.error(toApiError(error).message));

  if (!faqs.length) return <Empty description={PROJECT_MESSAGES.noFaqs} />;
  return (
    <>
      <SortableList
        items={faqs}
        idOf={(faq) => faq._id}
        nameOf={(faq) => faq.question}
        hint={PROJECT_MESSAGES.faqOrderHint}
        onReorder={(ids) => parts.reorderFaqs.mutateAsync({ id: project._id, data: { ids } })}
        busy={parts.removeFaq.isPending}
        style={{ marginBottom: 16 }}
        testId="project-faq-list"
        renderItem={(faq, row) => (
          <SortableProjectFaq
            key={faq._id}
            faq={faq}
            position={row.position}
            disabled={row.disabled}
            onEdit={setEditing}
            onRemove={(f) => void remove(f)}
          />
        )}
      />
      {editing && <ProjectFaqEditModal project={project} faq={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
