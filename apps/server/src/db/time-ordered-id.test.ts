import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId', () => {
  it('makes distinct version-7 UUIDs ordered by time, across refills of its random pool', async () => {
    const first = Array.from({ length: 2000 }, () => timeOrderedId());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = timeOrderedId();
    const all = [...first, later];
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(all).size).toBe(all.length);
    // Ordered by their millisecond (within one, by chance): an id made later sorts after every earlier one.
    expect([...all].sort().at(-1)).toBe(later);
    // The leading 48 bits are the time in milliseconds.
    expect(Math.abs(Number.parseInt(later.replace('-', '').slice(0, 12), 16) - Date.now())).toBeLessThan(5_000);
  });
});
