import { SearchOutlined } from '@ant-design/icons';
import { MESSAGES, type StoredFileRow } from '@crm/domain';
import { Input, Space } from 'antd';
import { FileCard } from './FileCard';
import { FileGrid } from './FileGrid';
import { usePagedKeyword } from './usePagedKeyword';
import { useStorageFiles } from './useStorageFiles';

interface StorageBrowserProps {
  /** Only files of these types (the picker's mode); every type when absent. */
  mimeTypes?: readonly string[] | undefined;
  onChoose: (file: StoredFileRow) => void;
}

/** The picker's 'Select From Storage' tab: keyword search (500 ms) over name and category, and the visible files as cards. */
export function StorageBrowser({ mimeTypes, onChoose }: StorageBrowserProps) {
  const search = usePagedKeyword();
  const { files, total, loading, error } = useStorageFiles({ keyword: search.keyword, page: search.page, mimeTypes });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined aria-hidden />}
        placeholder={MESSAGES.upload.searchPlaceholder}
        aria-label={MESSAGES.upload.searchLabel}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      <FileGrid
        files={files}
        loading={loading}
        error={error}
        total={total}
        page={search.page}
        onPage={search.setPage}
        renderCard={(file) => <FileCard file={file} onChoose={onChoose} />}
      />
    </Space>
  );
}
