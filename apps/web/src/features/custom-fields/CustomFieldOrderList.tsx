import { EditOutlined } from '@ant-design/icons';
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
import { ALL_ROWS_LIMIT, CUSTOM_FIELD_TYPE_LABELS, type CustomFieldKind, customFieldContract, MESSAGES } from '@crm/domain';
import { Alert, App, Button, Empty, Spin, Switch, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SORTABLE_LIST_CLASS, SortableItem } from '../../kit/sortable/SortableItem';

const CF = MESSAGES.customField;
const INSTRUCTIONS: ScreenReaderInstructions = { draggable: CF.orderHint };
const SELECT = ['key', 'label', 'type', 'required', 'enabled', 'order'] as const;

interface Props {
  kind: CustomFieldKind;
  canUpdate: boolean;
  onEdit: (id: string) => void;
}

/**
 * One record kind's custom fields in their order: dragged by a handle (mouse, or keyboard: Space, arrows, Space), each
 * switched on or off in place, edited in the drawer. A drop saves the whole order (customFields.reorder).
 */
export function CustomFieldOrderList({ kind, canUpdate, onEdit }: Props) {
  const { message } = App.useApp();
  const hintId = useId();
  const utils = trpc.useUtils();
  const query = trpc.customFields.list.useQuery({
    filter: { limit: ALL_ROWS_LIMIT, query: { kind }, sort: { order: 1 }, select: [...SELECT] },
  });
  const reorder = trpc.customFields.reorder.useMutation();
  const update = trpc.customFields.update.useMutation();
  const [pending, setPending] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const rows = query.data?.data ?? [];
  const byId = new Map(rows.map((row) => [row._id, row]));
  const ids = pending ?? rows.map((row) => row._id);
  const fail = (error: unknown) => void message.error(toApiError(error).message || MESSAGES.common.error);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setPending(next);
    reorder
      .mutateAsync({ ids: next })
      .then(async () => {
        void message.success(MESSAGES.record.orderSaved);
        await utils.customFields.invalidate();
      })
      .catch(fail)
      .finally(() => setPending(null));
  };
  const setEnabled = (id: string, enabled: boolean) =>
    update
      .mutateAsync({ id, data: { enabled } })
      .then(() => utils.customFields.invalidate())
      .catch(fail);

  if (query.isError) return <Alert type="error" showIcon title={toApiError(query.error).message} />;
  if (query.isPending) return <Spin />;
  if (!rows.length) return <Empty description={CF.noFields} />;
  return (
    <>
      <Typography.Paragraph id={hintId}>{CF.orderHint}</Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: INSTRUCTIONS }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={SORTABLE_LIST_CLASS} aria-describedby={hintId} aria-busy={reorder.isPending} data-testid="custom-field-list">
            {ids.map((id, index) => {
              const row = byId.get(id);
              if (!row) return null;
              const label = row.label ?? row.key ?? id;
              return (
                <SortableItem
                  key={id}
                  id={id}
                  handleLabel={CF.dragHandle(label)}
                  position={index + 1}
                  disabled={!canUpdate || reorder.isPending}
                  testId="custom-field-row"
                >
                  <span style={{ flex: 1 }}>
                    {label} <Typography.Text type="secondary">({row.key})</Typography.Text>
                  </span>
                  <Tag>{row.type ? CUSTOM_FIELD_TYPE_LABELS[row.type] : ''}</Tag>
                  {row.required ? <Tag>{customFieldContract.fields.required.label}</Tag> : null}
                  <Switch
                    size="small"
                    aria-label={CF.enable(label)}
                    checked={row.enabled ?? true}
                    disabled={!canUpdate}
                    onChange={(checked) => void setEnabled(id, checked)}
                  />
                  {canUpdate ? (
                    <Button
                      type="text"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={MESSAGES.list.edit('custom field', label)}
                      onClick={() => onEdit(id)}
                    />
                  ) : null}
                </SortableItem>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
