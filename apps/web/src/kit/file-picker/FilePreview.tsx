import { FileOutlined, FilePdfOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import type { StoredFileRow } from '@crm/domain';

const DOCUMENT_ICONS: Record<string, typeof FileOutlined> = { pdf: FilePdfOutlined, docx: FileWordOutlined, json: FileTextOutlined };

/**
 * A file's picture in a grid or a field: its thumbnail (a small WEBP, or an SVG itself), never the original; a
 * document gets the icon of its type. `alt` is empty where the name is read beside it.
 */
export function FilePreview({ file, alt = '' }: { file: StoredFileRow; alt?: string }) {
  if (file.thumbnail) return <img src={file.thumbnail} alt={alt} loading="lazy" decoding="async" />;
  const Icon = DOCUMENT_ICONS[file.ext ?? ''] ?? FileOutlined;
  return <Icon aria-hidden />;
}
