import { DeleteOutlined, HolderOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LISTING_TEXT as T, type StoredFileRow } from '@crm/domain';
import { Button, Tag } from 'antd';
import { trpc } from '../../../app/trpc';

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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const stored = trpc.storage.byId.useQuery({ id }, { enabled: !known, retry: false, staleTime: 60_000 });
  const file = known ?? stored.data?.data;
  const name = nameOf(id, file);
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'crm-listing-media-row crm-listing-media-row-dragging' : 'crm-listing-media-row'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="listing-media-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="crm-listing-media-handle"
        {...attributes}
        {...listeners}
        aria-label={T.dragHandle(name)}
      >
        <HolderOutlined aria-hidden />
      </button>
      <span aria-hidden>{position}.</span>
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
    </li>
  );
}
