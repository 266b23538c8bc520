import { MESSAGES, type StoredFileRow } from '@crm/domain';
import { App, Tabs } from 'antd';
import { useState } from 'react';
import type { FilePickerModalProps, FilePickerTab } from './FilePickerModal';
import { FileUploadDragger } from './FileUploadDragger';
import { browsableTypesOf } from './picker-rules';
import { StorageBrowser } from './StorageBrowser';

/** The modal's content, mounted afresh on every opening (destroyOnHidden): the first tab and an empty search each time. */
export function FilePickerTabs({
  onChoose,
  onClose,
  mode = 'image',
  allowedTypes,
  category,
  initialTab = 'select',
}: Omit<FilePickerModalProps, 'open'>) {
  const { message } = App.useApp();
  const [tab, setTab] = useState<FilePickerTab>(initialTab);
  const types = { mode, allowedTypes };
  const choose = (file: StoredFileRow) => {
    onChoose(file);
    onClose();
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key === 'upload' ? 'upload' : 'select')}
      items={[
        {
          key: 'select',
          label: MESSAGES.upload.selectFromStorage,
          children: <StorageBrowser mimeTypes={browsableTypesOf(types)} onChoose={choose} />,
        },
        {
          key: 'upload',
          label: MESSAGES.upload.uploadNewFile,
          children: (
            <FileUploadDragger
              types={types}
              category={category}
              onUploaded={(file) => {
                void message.success(MESSAGES.storage.uploaded(file.name));
                choose(file);
              }}
            />
          ),
        },
      ]}
    />
  );
}
