import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

// What a screen reader hears while a question moves: its text and its place, not dnd-kit's default ids.

export function orderAnnouncements(
  questionOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => number,
  count: number,
): Announcements {
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : ` position ${positionOf(id)} of ${count}`);
  return {
    onDragStart: ({ active }) => `Picked up ${questionOf(active.id)}, at${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${questionOf(active.id)} is over${place(over.id)}.` : `${questionOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) => (over ? `${questionOf(active.id)} dropped at${place(over.id)}.` : `${questionOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${questionOf(active.id)} was cancelled.`,
  };
}
