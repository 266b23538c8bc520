import { MESSAGES, type StoredFileRow } from '@crm/domain';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { FilePickerModal } from './FilePickerModal';
import { FilePreview } from './FilePreview';
import type { PickerMode } from './picker-rules';

interface FilePickerFieldProps {
  /** The stored file's id (antd Form passes it). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Set by Form.Item, so its label points at the 'Select file' button. */
  id?: string;
  mode?: PickerMode;
  allowedTypes?: readonly string[];
  category?: string;
  disabled?: boolean;
}

const PREVIEW_SIZE = 64;

/**
 * A form control holding a stored file's id (a customer's avatar, a developer's logo): the chosen file's thumbnail
 * and name, 'Select file' (the picker) and 'Remove'.
 */
export function FilePickerField({ value, onChange, id, mode = 'image', allowedTypes, category, disabled }: FilePickerFieldProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<StoredFileRow | null>(null);
  // A value set from outside (an edited record) is read from storage; a file just picked is shown as it came.
  const known = picked && picked._id === value ? picked : null;
  const stored = trpc.storage.byId.useQuery({ id: value ?? '' }, { enabled: Boolean(value) && !known });
  const file = known ?? (value && stored.data?.data._id === value ? stored.data.data : null);

  return (
    <Space align="center" size={12} wrap>
      <span
        style={{
          width: PREVIEW_SIZE,
          height: PREVIEW_SIZE,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f0f2f5',
          borderRadius: 8,
          overflow: 'hidden',
          fontSize: 28,
        }}
      >
        {file ? <FilePreview file={file} /> : null}
      </span>
      <Typography.Text type={file ? undefined : 'secondary'} style={{ maxWidth: 240 }} ellipsis={{ tooltip: file?.name }}>
        {file?.name ?? (value ? '' : MESSAGES.storage.noFileChosen)}
      </Typography.Text>
      <Button id={id} onClick={() => setOpen(true)} disabled={disabled}>
        {MESSAGES.storage.selectFile}
      </Button>
      {value ? (
        <Button
          danger
          disabled={disabled}
          onClick={() => {
            setPicked(null);
            onChange?.(null);
          }}
        >
          {MESSAGES.storage.removeFile}
        </Button>
      ) : null}
      <FilePickerModal
        open={open}
        onClose={() => setOpen(false)}
        onChoose={(chosen) => {
          setPicked(chosen);
          onChange?.(chosen._id);
        }}
        mode={mode}
        {...(allowedTypes ? { allowedTypes } : {})}
        {...(category ? { category } : {})}
      />
    </Space>
  );
}
