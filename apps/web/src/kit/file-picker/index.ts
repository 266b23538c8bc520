// The file picker (docs/product.md 'File picker and uploads'): self-contained, it imports only antd, @crm/domain and
// apps/web/src/app, so any form or screen may use it.
export { FileCard } from './FileCard';
export { FileGrid } from './FileGrid';
export { FilePickerField } from './FilePickerField';
export { FocusWrap } from './FocusWrap';
export { FilePickerModal, type FilePickerModalProps, type FilePickerTab } from './FilePickerModal';
export type { PickerMode } from './picker-rules';
export { usePagedKeyword } from './usePagedKeyword';
export { useStorageFiles } from './useStorageFiles';
