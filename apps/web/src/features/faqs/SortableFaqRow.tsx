import { MESSAGES, populated } from '@crm/domain';
import { Tag } from 'antd';
import { SortableItem } from '../../kit/sortable/SortableItem';
import './faq-order.css';

export interface OrderedFaq {
  _id: string;
  question: string;
  enabled: boolean;
  category?: string | { _id: string; name?: string | null } | null | undefined;
}

/** One question in the Order tab: its place, a drag handle named after it, the question, its category and state. */
export function SortableFaqRow({ faq, position, disabled }: { faq: OrderedFaq; position: number; disabled: boolean }) {
  const category = populated(typeof faq.category === 'object' ? faq.category : null)?.name;
  return (
    <SortableItem
      id={faq._id}
      handleLabel={MESSAGES.faq.dragHandle(faq.question)}
      position={position}
      disabled={disabled}
      testId="faq-order-row"
    >
      <span className="crm-faq-order-question">{faq.question}</span>
      {category ? <Tag>{category}</Tag> : null}
      {faq.enabled ? null : <Tag>{MESSAGES.faq.disabled}</Tag>}
    </SortableItem>
  );
}
