import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

// What a screen reader hears while a picture moves in the listing's media: its name and its place.

export function mediaAnnouncements(
  nameOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => number,
  count: number,
): Announcements {
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : ` position ${positionOf(id)} of ${count}`);
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over${place(over.id)}.` : `${nameOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at${place(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}
