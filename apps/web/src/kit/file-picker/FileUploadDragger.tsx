import { InboxOutlined } from '@ant-design/icons';
import { MESSAGES, type StoredFile, validateUpload } from '@crm/domain';
import { Alert, App, Progress, Space, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { acceptOf, hintOf, type PickerTypes, rulesForFile } from './picker-rules';
import { uploadToStorage } from './upload-to-storage';

interface FileUploadDraggerProps {
  types: PickerTypes;
  /** The category the uploaded file is stored under. */
  category?: string | undefined;
  onUploaded: (file: StoredFile) => void;
}

type UploadState = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'failed'; message: string };

/**
 * The picker's 'Upload New File' tab: drag and drop (or click), one file, checked in the browser before the request
 * (the server checks it again and proves the type from its bytes), with its progress while it goes up.
 */
export function FileUploadDragger({ types, category, onUploaded }: FileUploadDraggerProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  // Closing the picker mid-upload abandons the request.
  useEffect(() => () => inFlight.current?.abort(), []);

  const refuse = (text: string) => {
    setState({ phase: 'failed', message: text });
    void message.error(text);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const check = validateUpload({ type: file.type, size: file.size }, rulesForFile(types, file.type));
    if (check.ok) return true;
    refuse(check.message);
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof File)) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ phase: 'uploading', percent: 0 });
    uploadToStorage({
      file,
      rules: rulesForFile(types, file.type),
      category,
      signal: controller.signal,
      onProgress: (percent) => setState({ phase: 'uploading', percent }),
    })
      .then((stored) => {
        setState({ phase: 'idle' });
        onUploaded(stored);
      })
      .catch((error: Error) => {
        if (!controller.signal.aborted) refuse(error.message);
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
  };

  const uploading = state.phase === 'uploading';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Upload.Dragger
        name="file"
        accept={acceptOf(types)}
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{MESSAGES.upload.dropHint}</p>
        <p className="ant-upload-hint">{hintOf(types)}</p>
      </Upload.Dragger>
      <div aria-live="polite">
        {uploading ? (
          <>
            {MESSAGES.upload.uploading}
            <Progress percent={state.percent} status="active" aria-label={MESSAGES.upload.uploading} />
          </>
        ) : null}
      </div>
      {state.phase === 'failed' ? <Alert type="error" showIcon title={state.message} /> : null}
    </Space>
  );
}
