import { describe, expect, it } from 'vitest';
import { storageViewOf } from './storage-view';

describe('the Storage view', () => {
  it("takes the URL's view first, then the remembered one, else the grid", () => {
    expect(storageViewOf('list', 'grid')).toBe('list');
    expect(storageViewOf(null, 'list')).toBe('list');
    expect(storageViewOf('table', 'nonsense')).toBe('grid');
    expect(storageViewOf(null, null)).toBe('grid');
  });
});
