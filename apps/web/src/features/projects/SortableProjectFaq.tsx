import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PROJECT_MESSAGES, type ProjectFaq } from '@crm/domain';
import { Button, Popconfirm } from 'antd';
import './project-faq.css';

interface SortableProjectFaqProps {
  faq: ProjectFaq;
  position: number;
  disabled: boolean;
  onEdit: (faq: ProjectFaq) => void;
  onRemove: (faq: ProjectFaq) => void;
}

/** One question of the project's FAQ: a drag handle named after it, its place, the question, edit and remove. */
export function SortableProjectFaq({ faq, position, disabled, onEdit, onRemove }: SortableProjectFaqProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: faq._id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'crm-project-faq crm-project-faq-dragging' : 'crm-project-faq'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="project-faq-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="crm-project-faq-handle"
        {...attributes}
        {...listeners}
        aria-label={PROJECT_MESSAGES.moveFaq(faq.question)}
      >
        <HolderOutlined aria-hidden />
      </button>
      <span className="crm-project-faq-position" aria-hidden>
        {position}.
      </span>
      <span className="crm-project-faq-question">
        <strong>{faq.question}</strong>
        <br />
        {faq.answer}
      </span>
      <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(faq)} aria-label={PROJECT_MESSAGES.editFaq(faq.question)} />
      <Popconfirm title={PROJECT_MESSAGES.removeFaqConfirm} okText="Remove" cancelText="Cancel" onConfirm={() => onRemove(faq)}>
        <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={PROJECT_MESSAGES.removeFaq(faq.question)} />
      </Popconfirm>
    </li>
  );
}
