import { MESSAGES, type StoredFileRow } from '@crm/domain';
import { Modal } from 'antd';
import { FilePickerTabs } from './FilePickerTabs';
import { FocusWrap } from './FocusWrap';
import type { PickerMode } from './picker-rules';

export type FilePickerTab = 'select' | 'upload';

export interface FilePickerModalProps {
  open: boolean;
  onClose: () => void;
  /** The file chosen from storage, or the one just uploaded; the modal closes after. */
  onChoose: (file: StoredFileRow) => void;
  /** Image (default) or document; 'any' takes both (the Storage screen's own upload). */
  mode?: PickerMode;
  /** Image mode only: just these MIME types ('image/png', 'image/webp'). */
  allowedTypes?: readonly string[];
  /** The category uploads are stored under. */
  category?: string;
  initialTab?: FilePickerTab;
}

/**
 * The file picker (docs/product.md 'File picker and uploads'): a modal titled 'Storage' with 'Select From Storage' and
 * 'Upload New File'. It keeps the focus inside while open; Escape closes it and the focus returns to the opener.
 */
export function FilePickerModal({ open, onClose, ...content }: FilePickerModalProps) {
  return (
    <Modal
      open={open}
      title={MESSAGES.upload.pickerTitle}
      onCancel={onClose}
      footer={null}
      width={1040}
      destroyOnHidden
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      modalRender={(node) => <FocusWrap>{node}</FocusWrap>}
    >
      <FilePickerTabs {...content} onClose={onClose} />
    </Modal>
  );
}
