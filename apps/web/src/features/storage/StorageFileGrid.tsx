import type { StoredFileRow } from '@crm/domain';
import { FileCard, FileGrid, useStorageFiles } from '../../kit/file-picker';
import { storageFileActions } from './storage-file-actions';

interface StorageFileGridProps {
  keyword: string;
  page: number;
  onPage: (page: number) => void;
  category: string | undefined;
  showHidden: boolean;
  onOpen: (file: StoredFileRow) => void;
  onHide: (file: StoredFileRow, hidden: boolean) => void;
  onRename: (file: StoredFileRow) => void;
  onRemove: (file: StoredFileRow) => Promise<void>;
}

/** The Storage screen's grid view: 52 cards a page, each with its hide, rename and remove (read only while shown). */
export function StorageFileGrid({ keyword, page, onPage, category, showHidden, onOpen, onHide, onRename, onRemove }: StorageFileGridProps) {
  const files = useStorageFiles({ keyword, page, category, includeHidden: showHidden });
  return (
    <FileGrid
      {...files}
      page={page}
      onPage={onPage}
      renderCard={(file) => (
        <FileCard
          file={file}
          onChoose={onOpen}
          actions={storageFileActions({
            file,
            onHide: (hidden) => onHide(file, hidden),
            onRename: () => onRename(file),
            onRemove: () => onRemove(file),
          })}
        />
      )}
    />
  );
}
