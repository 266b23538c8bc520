import { PlusOutlined } from '@ant-design/icons';
import { LISTING_TEXT as T, type StoredFileRow } from '@crm/domain';
import { Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { FilePickerModal, type PickerMode } from '../../../kit/file-picker';
import { SortableList } from '../../../kit/sortable/SortableList';
import { SortableMediaRow } from './SortableMediaRow';
import './listing-media.css';

interface ListingMediaFieldProps {
  /** The stored files' ids in display order (antd Form passes them). */
  value?: string[] | null;
  onChange?: (ids: string[]) => void;
  /** Set by Form.Item: its label names the add button. */
  id?: string;
  mode: PickerMode;
  addLabel: string;
  emptyText: string;
  /** Pictures: the cover's id and how to change it. */
  cover?: string | null | undefined;
  onCover?: ((id: string | null) => void) | undefined;
}

/**
 * A listing's pictures or floor plans: stored files added one by one from the kit's Storage picker, reordered by
 * dragging a handle with the mouse or the keyboard (the kit's SortableList, each move announced), removed, and (pictures) one
 * marked as the cover. The value is the files' ids in order, as the listing's body takes them.
 */
export function ListingMediaField({ value, onChange, id, mode, addLabel, emptyText, cover, onCover }: ListingMediaFieldProps) {
  const ids = value ?? [];
  const [open, setOpen] = useState(false);
  const picked = useRef(new Map<string, StoredFileRow>());
  const nameOf = (fileId: string, file: StoredFileRow | undefined) =>
    file?.name ?? picked.current.get(fileId)?.name ?? T.fileNumber(ids.indexOf(fileId) + 1);

  const remove = (fileId: string) => {
    const next = ids.filter((other) => other !== fileId);
    onChange?.(next);
    if (onCover && cover === fileId) onCover(next[0] ?? null);
  };

  return (
    <div>
      {ids.length > 0 ? (
        <SortableList
          items={ids}
          idOf={(fileId) => fileId}
          nameOf={(fileId) => nameOf(fileId, undefined)}
          hint={T.mediaHint}
          secondaryHint
          // A form field: the new order is the field's value at once, saved with the listing.
          onReorder={(next) => void onChange?.(next)}
          style={{ marginBottom: 12 }}
          renderItem={(fileId, row) => (
            <SortableMediaRow
              key={fileId}
              id={fileId}
              position={row.position}
              known={picked.current.get(fileId)}
              isCover={Boolean(onCover) && (cover ?? ids[0]) === fileId}
              onCover={onCover ? () => onCover(fileId) : undefined}
              onRemove={() => remove(fileId)}
              nameOf={nameOf}
            />
          )}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {emptyText}
        </Typography.Paragraph>
      )}
      <Button id={id} icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {addLabel}
      </Button>
      <FilePickerModal
        open={open}
        onClose={() => setOpen(false)}
        mode={mode}
        category="listings"
        onChoose={(file) => {
          picked.current.set(file._id, file);
          if (!ids.includes(file._id)) onChange?.([...ids, file._id]);
        }}
      />
    </div>
  );
}
