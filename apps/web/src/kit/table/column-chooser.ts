import type { ListCacheStorage } from '../list/list-cache';

// docs/product.md 'Lists': the columns a person hid on a screen stay hidden on that screen (localStorage: it is a
// preference of the person, not of one visit). At least one column always shows.

const PREFIX = 'crm.columns.';

export function columnsKey(screen: string): string {
  return `${PREFIX}${screen}`;
}

/** The hidden columns of a screen that still exist (a renamed or removed column is forgotten). */
export function readHiddenColumns(storage: ListCacheStorage, screen: string, known: readonly string[]): string[] {
  let raw: string | null;
  try {
    raw = storage.getItem(columnsKey(screen));
  } catch {
    return [];
  }
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const hidden = value.filter((key): key is string => typeof key === 'string' && known.includes(key));
  return hidden.length < known.length ? hidden : [];
}

export function writeHiddenColumns(storage: ListCacheStorage, screen: string, hidden: readonly string[]): void {
  try {
    storage.setItem(columnsKey(screen), JSON.stringify(hidden));
  } catch {
    // Storage full or disabled: the choice lasts for this visit only.
  }
}

/** Shows or hides one column; hiding the last visible one is refused. */
export function toggleColumn(hidden: readonly string[], key: string, all: readonly string[]): string[] {
  if (hidden.includes(key)) return hidden.filter((k) => k !== key);
  const visible = all.filter((k) => !hidden.includes(k));
  if (visible.length <= 1 && visible.includes(key)) return [...hidden];
  return [...hidden, key];
}
