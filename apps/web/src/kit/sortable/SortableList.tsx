import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { MESSAGES } from '@crm/domain';
import { App, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { toApiError } from '../api/api-error';
import { droppedOrder, orderAnnouncements } from './sortable-order';
import { SORTABLE_LIST_CLASS } from './SortableItem';

interface SortableListProps<T> {
  /** The items in the order the server (or the form) has them. */
  items: readonly T[];
  idOf: (item: T) => string;
  /** The item as announced while it moves ('Can I buy?'). */
  nameOf: (item: T) => string;
  /** How to move an item without a mouse: shown above the list and read as the handles' instructions. */
  hint: string;
  /** Quieter hint (a form field's help text). */
  secondaryHint?: boolean;
  /**
   * Takes the new order. A promise (a save through a mutation) shows the new order at once, keeps it while the save
   * runs and puts the list back if it fails; nothing returned (a form field's onChange) is a plain move.
   */
  onReorder: (ids: string[]) => Promise<unknown> | undefined;
  /** Said when a save fails without a message of its own. */
  failed?: string;
  /** Another call on the list is running (a removal): the handles wait. */
  busy?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  testId?: string;
  /** One row: a SortableItem with the screen's content (place counts from 1). */
  renderItem: (item: T, row: { position: number; disabled: boolean }) => ReactNode;
}

/**
 * A drag-to-reorder list (docs/accessibility.md): items moved by a handle with the mouse, touch or the keyboard
 * (Space lifts, the arrows move, Space drops, Escape cancels), each move announced with the item's name and place.
 */
export function SortableList<T>({
  items,
  idOf,
  nameOf,
  hint,
  secondaryHint = false,
  onReorder,
  failed = MESSAGES.order.failed,
  busy = false,
  disabled = false,
  style,
  testId,
  renderItem,
}: SortableListProps<T>) {
  const { message } = App.useApp();
  const hintId = useId();
  const [pending, setPending] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const ids = (pending ?? items.map(idOf)).filter((id) => byId.has(id));
  const saving = pending !== null;
  const locked = disabled || busy || saving;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = droppedOrder(ids, active.id, over?.id);
    if (!next) return;
    const saved = onReorder(next);
    if (!saved) return;
    setPending(next);
    saved
      .then(() => void message.success(MESSAGES.record.orderSaved))
      .catch((error: unknown) => void message.error(toApiError(error).message || failed))
      .finally(() => setPending(null));
  };

  const name = (id: string) => {
    const item = byId.get(id);
    return item ? nameOf(item) : '';
  };
  return (
    <>
      <Typography.Paragraph id={hintId} {...(secondaryHint ? { type: 'secondary' as const, style: { marginBottom: 8 } } : {})}>
        {hint}
      </Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: orderAnnouncements(ids, name), screenReaderInstructions: { draggable: hint } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={SORTABLE_LIST_CLASS} style={style} aria-describedby={hintId} aria-busy={saving || busy} data-testid={testId}>
            {ids.flatMap((id, index) => {
              const item = byId.get(id);
              return item === undefined ? [] : [renderItem(item, { position: index + 1, disabled: locked })];
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
