import { DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { LISTING_TEXT as T, type StoredFileRow } from '@crm/domain';
import { Button, Tag } from 'antd';
import { trpc } from '../../../app/trpc';
import { SortableItem } from '../../../kit/sortable/SortableItem';

interface SortableMediaRowProps {
  id: string;
  position: number;
  /** The file as just picked; otherwise it is read from Storage. */
  known: StoredFileRow | undefined;
  isCover: boolean;
  /** Pictures may be the cover; floor plans not. */
  onCover?: (() => void) | undefined;
  onRemove: () => void;
  nameOf: (id: string, file: StoredFileRow | undefined) => string;
}

/** One picture or floor plan: a drag handle named after it, its thumbnail and name, cover and remove buttons. */
export function SortableMediaRow({ id, position, known, isCover, onCover, onRemove, nameOf }: SortableMediaRowProps) {
  const stored = trpc.storage.byId.useQuery({ id }, { enabled: !known, retry: false, staleTime: 60_000 });
  const file = known ?? stored.data?.data;
  const name = nameOf(id, file);
  return (
    <SortableItem id={id} handleLabel={T.dragHandle(name)} position={position} testId="listing-media-row">
      <span className="crm-listing-media-thumb">{file?.thumbnail ? <img src={file.thumbnail} alt="" /> : null}</span>
      <span className="crm-listing-media-name" title={name}>
        {name}
      </span>
      {isCover ? <Tag color="blue">{T.cover}</Tag> : null}
      {onCover && !isCover ? (
        <Button size="small" icon={<StarOutlined aria-hidden />} onClick={onCover} aria-label={T.makeCover(name)}>
          {T.makeCoverShort}
        </Button>
      ) : null}
      {onCover && isCover ? <StarFilled aria-hidden style={{ color: '#1668dc' }} /> : null}
      <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={T.removeFile(name)} />
    </SortableItem>
  );
}
