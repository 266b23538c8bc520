import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { LISTING_TEXT as T, type StoredFileRow } from '@crm/domain';
import { Button, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { FilePickerModal, type PickerMode } from '../../../kit/file-picker';
import { mediaAnnouncements } from './media-announcements';
import { SortableMediaRow } from './SortableMediaRow';
import './listing-media.css';
import { SORTABLE_LIST_CLASS } from '../../../kit/sortable/SortableItem';

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

const INSTRUCTIONS: ScreenReaderInstructions = { draggable: T.mediaHint };

/**
 * A listing's pictures or floor plans: stored files added one by one from the kit's Storage picker, reordered by
 * dragging a handle with the mouse or the keyboard (dnd-kit, each move announced), removed, and (pictures) one
 * marked as the cover. The value is the files' ids in order, as the listing's body takes them.
 */
export function ListingMediaField({ value, onChange, id, mode, addLabel, emptyText, cover, onCover }: ListingMediaFieldProps) {
  const ids = value ?? [];
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const picked = useRef(new Map<string, StoredFileRow>());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (fileId: string, file: StoredFileRow | undefined) =>
    file?.name ?? picked.current.get(fileId)?.name ?? T.fileNumber(ids.indexOf(fileId) + 1);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange?.(arrayMove(ids, from, to));
  };
  const remove = (fileId: string) => {
    const next = ids.filter((other) => other !== fileId);
    onChange?.(next);
    if (onCover && cover === fileId) onCover(next[0] ?? null);
  };

  return (
    <div>
      <Typography.Paragraph type="secondary" id={hintId} style={{ marginBottom: 8 }}>
        {ids.length ? T.mediaHint : emptyText}
      </Typography.Paragraph>
      {ids.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: mediaAnnouncements(
              (fileId) => nameOf(String(fileId), undefined),
              (fileId) => ids.indexOf(String(fileId)) + 1,
              ids.length,
            ),
            screenReaderInstructions: INSTRUCTIONS,
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className={SORTABLE_LIST_CLASS} style={{ marginBottom: 12 }} aria-describedby={hintId}>
              {ids.map((fileId, index) => (
                <SortableMediaRow
                  key={fileId}
                  id={fileId}
                  position={index + 1}
                  known={picked.current.get(fileId)}
                  isCover={Boolean(onCover) && (cover ?? ids[0]) === fileId}
                  onCover={onCover ? () => onCover(fileId) : undefined}
                  onRemove={() => remove(fileId)}
                  nameOf={nameOf}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
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
