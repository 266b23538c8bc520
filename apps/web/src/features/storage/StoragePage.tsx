import { UploadOutlined } from '@ant-design/icons';
import { describeUsage, MESSAGES, type StoredFileRow } from '@crm/domain';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { FilePickerModal, type FilePickerTab, usePagedKeyword } from '../../kit/file-picker';
import { PageHeader } from '../../kit/page/PageHeader';
import { useDocumentTitle } from '../../kit/page/useDocumentTitle';
import { FileDetailsDrawer } from './FileDetailsDrawer';
import { RenameFileModal } from './RenameFileModal';
import { StorageFileGrid } from './StorageFileGrid';
import { StorageFilesTable } from './StorageFilesTable';
import { StorageToolbar } from './StorageToolbar';
import { StorageViewToggle } from './StorageViewToggle';
import { useStorageMutations } from './useStorageMutations';
import { useStorageView } from './useStorageView';

/**
 * The media library (docs/product.md 'File picker and uploads'): the asset's files as cards or as a table (`?view=list`,
 * remembered), with upload (the file picker, any type), search, category, hidden files, hide/unhide, rename, remove
 * and the space used.
 */
export function StoragePage() {
  useDocumentTitle(MESSAGES.storage.title);
  const [category, setCategory] = useState<string | undefined>();
  const [showHidden, setShowHidden] = useState(false);
  const search = usePagedKeyword(`${category ?? ''}|${showHidden}`);
  const [picker, setPicker] = useState<FilePickerTab | null>(null);
  const [details, setDetails] = useState<StoredFileRow | null>(null);
  const [renaming, setRenaming] = useState<StoredFileRow | null>(null);
  const usage = trpc.storage.usage.useQuery();
  const utils = trpc.useUtils();
  const mutations = useStorageMutations();
  const [view, setView] = useStorageView();
  // What both views do with a file.
  const fileProps = {
    category,
    showHidden,
    onOpen: setDetails,
    onHide: (file: StoredFileRow, hidden: boolean) => void mutations.setHidden(file._id, hidden),
    onRename: setRenaming,
    onRemove: (file: StoredFileRow) => mutations.remove(file._id),
  };

  return (
    <>
      <PageHeader
        title={MESSAGES.storage.title}
        extra={
          <Space size={16} wrap>
            {usage.data ? <Typography.Text type="secondary">{describeUsage(usage.data.data)}</Typography.Text> : null}
            <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setPicker('upload')}>
              {MESSAGES.storage.upload}
            </Button>
            <Button onClick={() => setPicker('select')}>{MESSAGES.upload.selectFromStorage}</Button>
          </Space>
        }
      />
      <Card>
        <StorageToolbar
          text={search.text}
          onText={search.setText}
          category={category}
          onCategory={setCategory}
          showHidden={showHidden}
          onShowHidden={setShowHidden}
          view={<StorageViewToggle view={view} onChange={setView} />}
        />
        {view === 'list' ? (
          <StorageFilesTable
            // A new search or filter starts again at the first page.
            key={`${search.keyword}|${category ?? ''}|${showHidden}`}
            keyword={search.keyword}
            {...fileProps}
          />
        ) : (
          <StorageFileGrid keyword={search.keyword} page={search.page} onPage={search.setPage} {...fileProps} />
        )}
      </Card>
      <FilePickerModal
        open={picker !== null}
        initialTab={picker ?? 'select'}
        mode="any"
        onClose={() => setPicker(null)}
        onChoose={(file) => {
          void utils.storage.invalidate();
          setDetails(file);
        }}
      />
      <FileDetailsDrawer file={details} onClose={() => setDetails(null)} />
      <RenameFileModal file={renaming} saving={mutations.saving} onClose={() => setRenaming(null)} onSave={mutations.rename} />
    </>
  );
}
