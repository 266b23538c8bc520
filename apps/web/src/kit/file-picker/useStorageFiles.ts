import { LIMITS, type FieldKeyOf, type storedFileContract } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../app/trpc';
import { failureMessage } from './picker-errors';

/** What a card shows: never the storage key, never more than the grid needs. */
export const CARD_FIELDS: FieldKeyOf<typeof storedFileContract>[] = [
  'name',
  'category',
  'type',
  'mimeType',
  'size',
  'file',
  'thumbnail',
  'ext',
  'isHidden',
  'createdAt',
];

export interface StorageFilesQuery {
  /** Already sanitised and debounced (useDebouncedKeyword). */
  keyword: string;
  page: number;
  pageSize?: number;
  category?: string | undefined;
  /** Hidden files are left out unless asked for. */
  includeHidden?: boolean;
  /** Only files of these types (the picker's mode). */
  mimeTypes?: readonly string[] | undefined;
}

/** One page of the asset's files, newest first: the picker's grid and the Storage screen's (storage/search). */
export function useStorageFiles({
  keyword,
  page,
  pageSize = LIMITS.FILE_PICKER_PAGE_SIZE,
  category,
  includeHidden,
  mimeTypes,
}: StorageFilesQuery) {
  const query = trpc.storage.search.useQuery(
    {
      ...(keyword ? { keyword } : {}),
      filter: {
        page,
        limit: pageSize,
        select: CARD_FIELDS,
        query: {
          ...(includeHidden ? {} : { isHidden: false }),
          ...(category ? { category } : {}),
          ...(mimeTypes?.length ? { mimeType: { $in: [...mimeTypes] } } : {}),
        },
      },
    },
    { placeholderData: keepPreviousData },
  );
  return {
    files: query.data?.data ?? [],
    total: query.data?.meta.total ?? 0,
    loading: query.isFetching,
    error: query.isError ? failureMessage(query.error) : null,
  };
}
