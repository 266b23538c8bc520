import { type ProjectFaq, ProjectFaqUpdateSchema } from '@crm/domain';
import { Modal } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { ProjectFaqFields } from './ProjectFaqFields';
import { useProjectPart } from './useProjectPart';

/** Changes one question of the project's FAQ; Escape or Cancel closes it, focus returns to its Edit button. */
export function ProjectFaqEditModal({ project, faq, onClose }: { project: ProjectRecord; faq: ProjectFaq; onClose: () => void }) {
  const parts = useProjectPart();
  return (
    <Modal open title="Edit question" onCancel={onClose} footer={null} width={800} destroyOnHidden>
      <PartForm
        schema={ProjectFaqUpdateSchema}
        initialValues={{ question: faq.question, answer: faq.answer, questionAr: faq.questionAr ?? '', answerAr: faq.answerAr ?? '' }}
        save={async (data) => {
          await parts.updateFaq.mutateAsync({ id: project._id, faqId: faq._id, data });
          onClose();
        }}
        what="Question"
      >
        <ProjectFaqFields />
      </PartForm>
    </Modal>
  );
}
