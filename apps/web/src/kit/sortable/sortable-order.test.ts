import { describe, expect, it } from 'vitest';
import { droppedOrder, orderAnnouncements } from './sortable-order';

const active = { id: 'a', data: { current: undefined }, rect: { current: { initial: null, translated: null } } };
const overOf = (id: string) => ({
  id,
  rect: { width: 0, height: 0, top: 0, left: 0, bottom: 0, right: 0 },
  disabled: false,
  data: { current: undefined },
});

describe('the order after a drop', () => {
  it('moves the item to the place it was dropped on, down or up', () => {
    expect(droppedOrder(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(droppedOrder(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(droppedOrder(['a', 'b', 'c'], 'b', 'c')).toEqual(['a', 'c', 'b']);
  });

  it('is nothing when dropped on itself, outside the list, or for an item no longer there', () => {
    expect(droppedOrder(['a', 'b'], 'a', 'a')).toBeNull();
    expect(droppedOrder(['a', 'b'], 'a', null)).toBeNull();
    expect(droppedOrder(['a', 'b'], 'z', 'a')).toBeNull();
  });
});

describe('the announcements of a sortable list', () => {
  const names: Record<string, string> = { a: 'Can I buy?', b: 'Are there fees?' };
  const announce = orderAnnouncements(['a', 'b'], (id) => names[id] ?? '');

  it('names the item and its place, never an id', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Can I buy?, at position 1 of 2.');
    expect(announce.onDragOver({ active, over: overOf('b') })).toBe('Can I buy? is over position 2 of 2.');
    expect(announce.onDragEnd({ active, over: overOf('b') })).toBe('Can I buy? dropped at position 2 of 2.');
    expect(announce.onDragCancel({ active, over: null })).toBe('Moving Can I buy? was cancelled.');
  });

  it('says so when the item is over no place, or dropped outside the list', () => {
    expect(announce.onDragOver({ active, over: null })).toBe('Can I buy? is not over a place.');
    expect(announce.onDragEnd({ active, over: null })).toBe('Can I buy? dropped.');
  });
});
