import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { DEAL_PIPELINE_LABELS, type DealCard, type DealPipeline, type DealStage } from '@crm/domain';
import { Alert, Spin } from 'antd';
import { useId, useState } from 'react';
import { trpc } from '../../app/trpc';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { toApiError } from '../../kit/api/api-error';
import { columnCoordinates } from './board-keyboard';
import { DealBoardColumn } from './DealBoardColumn';
import { LostReasonModal } from './LostReasonModal';
import './deal-board.css';

const HINT =
  'To move a deal without a mouse: focus it, press Space to pick it up, the left and right arrows to choose a stage, Space to drop it there, Escape to cancel.';

type Paged = Record<string, { cards: DealCard[]; cursor: string | null }>;

/** A pipeline's board: drag a card to another stage (mouse, touch or keyboard); the totals are the server's. */
export function DealBoard({ pipeline }: { pipeline: DealPipeline }) {
  const hintId = useId();
  const utils = trpc.useUtils();
  const board = trpc.deals.board.useQuery({ pipeline });
  const [paged, setPaged] = useState<Paged>({});
  const [loading, setLoading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [closing, setClosing] = useState<{ card: DealCard; stage: DealStage } | null>(null);
  const move = trpc.deals.moveStage.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const stages = board.data?.columns.map((column) => column.stage) ?? [];
  const stageName = (key: unknown) => stages.find((stage) => stage.key === key)?.name ?? String(key);

  const refresh = async () => {
    setPaged({});
    await utils.deals.board.invalidate({ pipeline });
  };
  const send = async (card: DealCard, stage: DealStage, lostReason?: string) => {
    setFailure(null);
    try {
      await move.mutateAsync({ id: card._id, stage: stage.key, ...(lostReason ? { lostReason } : {}) });
    } catch (error) {
      setFailure(toApiError(error).message);
      throw error;
    } finally {
      await refresh();
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = active.data.current?.card as DealCard | undefined;
    const stage = stages.find((each) => each.key === over?.id);
    if (!card || !stage || stage.key === card.stage) return;
    if (stage.outcome === 'lost') setClosing({ card, stage });
    else void send(card, stage).catch(() => undefined);
  };
  const more = async (stage: string) => {
    const cursor = paged[stage]?.cursor ?? board.data?.columns.find((column) => column.stage.key === stage)?.nextCursor;
    if (!cursor) return;
    setLoading(stage);
    try {
      const page = await utils.deals.column.fetch({ pipeline, stage, cursor });
      setPaged((was) => ({ ...was, [stage]: { cards: [...(was[stage]?.cards ?? []), ...page.cards], cursor: page.nextCursor } }));
    } finally {
      setLoading(null);
    }
  };

  if (board.isPending) return <Spin />;
  if (board.isError) return <Alert type="error" message={toApiError(board.error).message} />;
  return (
    <>
      <p id={hintId} className="deal-board-hint">
        {HINT}
      </p>
      {failure && <Alert type="error" showIcon message={failure} closable onClose={() => setFailure(null)} role="alert" />}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: HINT },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${(active.data.current?.card as DealCard | undefined)?.title ?? 'the deal'}.`,
            onDragOver: ({ over }) => (over ? `Over ${stageName(over.id)}.` : 'Not over a stage.'),
            onDragEnd: ({ over }) => (over ? `Dropped in ${stageName(over.id)}.` : 'Dropped where it was.'),
            onDragCancel: () => 'Moving cancelled: the deal stays where it was.',
          },
        }}
      >
        {/* A board wider than the screen scrolls sideways: it takes focus itself, so the arrow keys scroll it even
            when no column has a card to focus (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section className="deal-board" data-testid="deal-board" tabIndex={0} aria-label={`${DEAL_PIPELINE_LABELS[pipeline]} board`}>
          {board.data.columns.map((column) => {
            const page = paged[column.stage.key];
            return (
              <DealBoardColumn
                key={column.stage.key}
                column={column}
                currency={board.data.currency}
                more={page?.cards ?? []}
                nextCursor={page ? page.cursor : column.nextCursor}
                loadingMore={loading === column.stage.key}
                onMore={() => void more(column.stage.key)}
                describedBy={hintId}
              />
            );
          })}
        </section>
      </DndContext>
      <LostReasonModal
        closing={closing ? { title: closing.card.title, stageName: closing.stage.name } : null}
        onCancel={() => setClosing(null)}
        onClose={async (reason) => {
          if (!closing) return;
          await move.mutateAsync({ id: closing.card._id, stage: closing.stage.key, lostReason: reason });
          setClosing(null);
          await refresh();
        }}
      />
    </>
  );
}
