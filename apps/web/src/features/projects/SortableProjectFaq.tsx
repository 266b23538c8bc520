import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { PROJECT_MESSAGES, type ProjectFaq } from '@crm/domain';
import { Button, Popconfirm } from 'antd';
import { SortableItem } from '../../kit/sortable/SortableItem';
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
  return (
    <SortableItem
      id={faq._id}
      handleLabel={PROJECT_MESSAGES.moveFaq(faq.question)}
      position={position}
      disabled={disabled}
      testId="project-faq-row"
    >
      <span className="crm-project-faq-question">
        <strong>{faq.question}</strong>
        <br />
        {faq.answer}
      </span>
      <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(faq)} aria-label={PROJECT_MESSAGES.editFaq(faq.question)} />
      <Popconfirm title={PROJECT_MESSAGES.removeFaqConfirm} okText="Remove" cancelText="Cancel" onConfirm={() => onRemove(faq)}>
        <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={PROJECT_MESSAGES.removeFaq(faq.question)} />
      </Popconfirm>
    </SortableItem>
  );
}
