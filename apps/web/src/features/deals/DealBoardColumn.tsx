import { useDroppable } from '@dnd-kit/core';
import { type DealBoard, type DealCard, formatMinorUnits } from '@crm/domain';
import { Button, Typography } from 'antd';
import { DealBoardCard } from './DealBoardCard';

type Column = DealBoard['columns'][number];

interface Props {
  column: Column;
  currency: string;
  /** The cards loaded beyond the first page ('Show more'). */
  more: readonly DealCard[];
  nextCursor: string | null;
  loadingMore: boolean;
  onMore: () => void;
  describedBy: string;
}

/** A stage: its count, value and weighted value as the server summed them, its cards, and the next page on demand. */
export function DealBoardColumn({ column, currency, more, nextCursor, loadingMore, onMore, describedBy }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage.key, data: { stage: column.stage } });
  const headingId = `deal-column-${column.stage.key}`;
  return (
    <section
      ref={setNodeRef}
      className={`deal-column${isOver ? ' deal-column-over' : ''}`}
      aria-labelledby={headingId}
      data-testid={headingId}
    >
      <header className="deal-column-header">
        <Typography.Title level={2} id={headingId} className="deal-column-title">
          {column.stage.name} <span className="deal-column-probability">({column.stage.probability}%)</span>
        </Typography.Title>
        <dl className="deal-column-figures">
          <dt>Deals</dt>
          <dd data-testid="deal-column-count">{column.count}</dd>
          <dt>Value</dt>
          <dd data-testid="deal-column-value">{formatMinorUnits(column.value, currency)}</dd>
          <dt>Weighted</dt>
          <dd data-testid="deal-column-weighted">{formatMinorUnits(column.weightedValue, currency)}</dd>
        </dl>
      </header>
      <ul className="deal-column-cards">
        {[...column.cards, ...more].map((card) => (
          <DealBoardCard key={card._id} card={card} describedBy={describedBy} />
        ))}
      </ul>
      {nextCursor && (
        <Button block onClick={onMore} loading={loadingMore}>
          Show more
        </Button>
      )}
    </section>
  );
}
