import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import './sortable.css';

/** The list a SortableItem lives in: an ordered list without bullets (give it the screen's own spacing by style). */
export const SORTABLE_LIST_CLASS = 'crm-sortable-list';

interface SortableItemProps {
  id: string;
  /** The drag handle's accessible name, naming the item ('Move "What is off-plan?"'). */
  handleLabel: string;
  /** Shown as '3.' after the handle (hidden from screen readers: the list announces places itself). */
  position: number;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * One row of a drag-to-reorder list (dnd-kit): a handle that moves it by mouse, touch or keyboard (Space, arrows,
 * Space), its place, and the screen's own content. docs/accessibility.md: each move is announced by the list's
 * DndContext; the handle is a real button with a visible focus ring.
 */
export function SortableItem({ id, handleLabel, position, disabled = false, testId, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'crm-sortable-row crm-sortable-row-dragging' : 'crm-sortable-row'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={testId}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="crm-sortable-handle"
        {...attributes}
        {...listeners}
        aria-label={handleLabel}
      >
        <HolderOutlined aria-hidden />
      </button>
      <span className="crm-sortable-position" aria-hidden>
        {position}.
      </span>
      {children}
    </li>
  );
}
