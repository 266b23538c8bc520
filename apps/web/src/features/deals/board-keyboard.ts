import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

// Moving a lifted card between columns by keyboard: the left and right arrows put it over the previous or next
// column (the board's columns are its drop targets), so one key press is one stage.

const STEP: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

export const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = STEP[event.code];
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.left - b.rect.left);
  const here = over
    ? columns.findIndex((column) => column.id === over.id)
    : columns.findIndex(
        (column) => column.rect.left <= currentCoordinates.x && currentCoordinates.x < column.rect.left + column.rect.width,
      );
  const next = columns[Math.min(columns.length - 1, Math.max(0, here) + step)];
  if (!next) return undefined;
  return { x: next.rect.left + (next.rect.width - collisionRect.width) / 2, y: next.rect.top + 8 };
};
