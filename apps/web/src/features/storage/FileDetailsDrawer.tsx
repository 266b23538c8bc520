import { formatBytes, MESSAGES, type StoredFileRow } from '@crm/domain';
import { Descriptions, Drawer, Image, Tag } from 'antd';
import dayjs from 'dayjs';

/** A chosen file's details on the Storage screen: its preview (the thumbnail), name, category, type, size and link. */
export function FileDetailsDrawer({ file, onClose }: { file: StoredFileRow | null; onClose: () => void }) {
  return (
    <Drawer open={file !== null} title={MESSAGES.storage.details} onClose={onClose} size={420} destroyOnHidden>
      {file ? (
        <>
          {file.thumbnail ? (
            <Image src={file.thumbnail} alt={file.name ?? ''} style={{ maxHeight: 320, objectFit: 'contain' }} preview={false} />
          ) : null}
          <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
            <Descriptions.Item label={MESSAGES.storage.nameLabel}>{file.name}</Descriptions.Item>
            <Descriptions.Item label={MESSAGES.storage.categoryLabel}>{file.category ?? MESSAGES.common.notAvailable}</Descriptions.Item>
            <Descriptions.Item label={MESSAGES.storage.type}>{file.mimeType ?? file.ext ?? MESSAGES.common.notAvailable}</Descriptions.Item>
            {file.size !== undefined ? <Descriptions.Item label={MESSAGES.storage.size}>{formatBytes(file.size)}</Descriptions.Item> : null}
            {file.createdAt ? (
              <Descriptions.Item label={MESSAGES.storage.uploadedAt}>{dayjs(file.createdAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            ) : null}
            {file.isHidden ? (
              <Descriptions.Item label={MESSAGES.storage.hidden}>
                <Tag>{MESSAGES.common.yes}</Tag>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {file.file ? (
            <a href={file.file} target="_blank" rel="noopener noreferrer" style={{ display: 'inline-block', marginTop: 12 }}>
              {MESSAGES.storage.open}
            </a>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
