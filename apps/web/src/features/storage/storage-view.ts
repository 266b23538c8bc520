// The Storage screen's view: cards (grid) or a table (list). The URL's `view` wins, so a link opens the view it
// names; otherwise the last one chosen in this browser.

export const STORAGE_VIEWS = ['grid', 'list'] as const;
export type StorageView = (typeof STORAGE_VIEWS)[number];

export const STORAGE_VIEW_PARAM = 'view';
export const STORAGE_VIEW_KEY = 'crm.storage.view';

export function isStorageView(value: string | null | undefined): value is StorageView {
  return value === 'grid' || value === 'list';
}

/** The view to show: the URL's, else the remembered one, else the grid. */
export function storageViewOf(fromUrl: string | null, remembered: string | null): StorageView {
  if (isStorageView(fromUrl)) return fromUrl;
  return isStorageView(remembered) ? remembered : 'grid';
}
