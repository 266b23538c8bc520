import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { MESSAGES } from '@crm/domain';

// The order logic of the kit's SortableList, apart from React: where a drop puts the moved item, and what a screen
// reader hears while it moves (its name and its place, never dnd-kit's ids).

const M = MESSAGES.order;

/** The ids after `moved` was dropped on `onto`'s place; null when nothing moved (dropped on itself or outside). */
export function droppedOrder(ids: readonly string[], moved: UniqueIdentifier, onto: UniqueIdentifier | null | undefined): string[] | null {
  if (onto === null || onto === undefined || moved === onto) return null;
  const from = ids.indexOf(String(moved));
  const to = ids.indexOf(String(onto));
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item === undefined) return null;
  next.splice(to, 0, item);
  return next;
}

/** The announcements of one list: `nameOf` names an item ('Can I buy?'), places count from 1. */
export function orderAnnouncements(ids: readonly string[], nameOf: (id: string) => string): Announcements {
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const count = ids.length;
  return {
    onDragStart: ({ active }) => M.pickedUp(name(active.id), place(active.id), count),
    onDragOver: ({ active, over }) => (over ? M.over(name(active.id), place(over.id), count) : M.notOver(name(active.id))),
    onDragEnd: ({ active, over }) => (over ? M.dropped(name(active.id), place(over.id), count) : M.droppedNowhere(name(active.id))),
    onDragCancel: ({ active }) => M.cancelled(name(active.id)),
  };
}
