import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MESSAGES, populated } from '@crm/domain';
import { Tag } from 'antd';
import './faq-order.css';

export interface OrderedFaq {
  _id: string;
  question: string;
  enabled: boolean;
  category?: string | { _id: string; name?: string | null } | null | undefined;
}

/** One question in the Order tab: its place, a drag handle named after it, the question, its category and state. */
export function SortableFaqRow({ faq, position, disabled }: { faq: OrderedFaq; position: number; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: faq._id,
    disabled,
  });
  const category = populated(typeof faq.category === 'object' ? faq.category : null)?.name;
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'crm-faq-order-row crm-faq-order-row-dragging' : 'crm-faq-order-row'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="faq-order-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="crm-faq-order-handle"
        {...attributes}
        {...listeners}
        aria-label={MESSAGES.faq.dragHandle(faq.question)}
      >
        <HolderOutlined aria-hidden />
      </button>
      <span className="crm-faq-order-position" aria-hidden>
        {position}.
      </span>
      <span className="crm-faq-order-question">{faq.question}</span>
      {category ? <Tag>{category}</Tag> : null}
      {faq.enabled ? null : <Tag>{MESSAGES.faq.disabled}</Tag>}
    </li>
  );
}
