import { formatBytes, MESSAGES, type StoredFileRow } from '@crm/domain';
import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { FilePreview } from './FilePreview';
import './file-picker.css';

interface FileCardProps {
  file: StoredFileRow;
  /** Makes the picture and name one button: a click, Enter or Space chooses the file. */
  onChoose?: (file: StoredFileRow) => void;
  /** Buttons under the card (the Storage screen's hide, rename and remove). */
  actions?: ReactNode[];
}

/** One stored file in a grid: the picker's and the Storage screen's (docs/product.md 'File picker and uploads'). */
export function FileCard({ file, onChoose, actions }: FileCardProps) {
  const name = file.name ?? '';
  const body = (
    <>
      <span className="crm-file-card-preview">
        <FilePreview file={file} alt={onChoose ? '' : name} />
      </span>
      <span className="crm-file-card-name" title={name}>
        {name}
      </span>
    </>
  );
  return (
    <Card size="small" styles={{ body: { padding: 0 } }} {...(actions?.length ? { actions } : {})}>
      {onChoose ? (
        <button type="button" className="crm-file-card-choose" aria-label={MESSAGES.upload.choose(name)} onClick={() => onChoose(file)}>
          {body}
        </button>
      ) : (
        body
      )}
      <div className="crm-file-card-meta">
        {file.size !== undefined ? <span>{formatBytes(file.size)}</span> : null}
        {file.category ? <Tag style={{ marginInlineEnd: 0 }}>{file.category}</Tag> : null}
        {file.isHidden ? (
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            {MESSAGES.storage.hidden}
          </Tag>
        ) : null}
      </div>
    </Card>
  );
}
