import { formatBytes, type StoredFileRow, storedFileContract } from '@crm/domain';
import { Button, Space } from 'antd';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { searchCondition } from '../../kit/table/search-query';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { storageFileActions } from './storage-file-actions';

type Files = typeof storedFileContract;

const COLUMNS: readonly ColumnSpec<Files>[] = ['name', 'type', 'size', { field: 'createdAt', title: 'Uploaded At' }];
const SELECT = ['category', 'mimeType', 'file', 'thumbnail', 'ext', 'isHidden'] as const;
/** The toolbar's keyword matches what the grid's search matches. */
const SEARCHED = ['name', 'category'];

interface StorageFilesTableProps {
  keyword: string;
  category: string | undefined;
  showHidden: boolean;
  onOpen: (file: StoredFileRow) => void;
  onHide: (file: StoredFileRow, hidden: boolean) => void;
  onRename: (file: StoredFileRow) => void;
  onRemove: (file: StoredFileRow) => Promise<void>;
}

/**
 * The Storage screen's list view: the same files as the grid (the toolbar's keyword, category and hidden files) in
 * the kit's table, sortable by name, size and upload time, with each file's hide, rename and remove.
 */
export function StorageFilesTable({ keyword, category, showHidden, onOpen, onHide, onRename, onRemove }: StorageFilesTableProps) {
  const search = searchCondition(SEARCHED, keyword || undefined);
  const table = useResourceTable(storedFileContract, {
    screen: 'storage-list',
    persist: false,
    search: false,
    columns: COLUMNS,
    select: SELECT,
    fixedQuery: {
      ...(showHidden ? {} : { isHidden: false }),
      ...(category ? { category } : {}),
      ...(search ?? {}),
    },
    render: {
      name: (row) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(row)}>
          {row.name}
        </Button>
      ),
      size: (row) => (row.size === undefined ? '' : formatBytes(row.size)),
    },
    rowName: (row) => row.name ?? row._id,
    rowActions: (row) => (
      <Space size={0}>
        {storageFileActions({
          file: row,
          onHide: (hidden) => onHide(row, hidden),
          onRename: () => onRename(row),
          onRemove: () => onRemove(row),
        })}
      </Space>
    ),
  });
  return <ResourceTable table={table} testId="storage-table" />;
}
