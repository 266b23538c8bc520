import { useDraggable } from '@dnd-kit/core';
import { DEAL_MESSAGES as M, type DealCard, formatMinorUnits } from '@crm/domain';
import { Tag, Typography } from 'antd';

/**
 * One deal on the board: lifted by mouse, touch or keyboard (Space), its visible text its name; stale shown in words
 * as well as colour.
 */
export function DealBoardCard({ card, describedBy }: { card: DealCard; describedBy: string }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: card._id,
    data: { card },
    attributes: { roleDescription: 'draggable deal' },
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li className="deal-card-item">
      <div
        ref={setNodeRef}
        className={`deal-card${isDragging ? ' deal-card-dragging' : ''}`}
        style={style}
        data-testid="deal-card"
        data-deal={card._id}
        {...attributes}
        {...listeners}
        aria-describedby={describedBy}
      >
        <Typography.Text strong>{card.title}</Typography.Text>
        <div>{formatMinorUnits(card.value, card.currency)}</div>
        <div className="deal-card-meta">
          {card.agent?.name ?? '-'}
          {card.stale && (
            <Tag color="orange" className="deal-card-stale">
              {M.stale}
            </Tag>
          )}
        </div>
      </div>
    </li>
  );
}
