import { EditOutlined } from '@ant-design/icons';
import { ALL_ROWS_LIMIT, CUSTOM_FIELD_TYPE_LABELS, type CustomFieldKind, customFieldContract, MESSAGES } from '@crm/domain';
import { Alert, App, Button, Empty, Spin, Switch, Tag, Typography } from 'antd';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SortableItem } from '../../kit/sortable/SortableItem';
import { SortableList } from '../../kit/sortable/SortableList';

const CF = MESSAGES.customField;
const SELECT = ['key', 'label', 'type', 'required', 'enabled', 'order'] as const;

interface Props {
  kind: CustomFieldKind;
  canUpdate: boolean;
  onEdit: (id: string) => void;
}

/**
 * One record kind's custom fields in their order (the kit's SortableList), each switched on or off in place, edited
 * in the drawer. A drop saves the whole order (customFields.reorder).
 */
export function CustomFieldOrderList({ kind, canUpdate, onEdit }: Props) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const query = trpc.customFields.list.useQuery({
    filter: { limit: ALL_ROWS_LIMIT, query: { kind }, sort: { order: 1 }, select: [...SELECT] },
  });
  const reorder = trpc.customFields.reorder.useMutation();
  const update = trpc.customFields.update.useMutation();
  const fail = (error: unknown) => void message.error(toApiError(error).message || MESSAGES.common.error);
  const setEnabled = (id: string, enabled: boolean) =>
    update
      .mutateAsync({ id, data: { enabled } })
      .then(() => utils.customFields.invalidate())
      .catch(fail);

  if (query.isError) return <Alert type="error" showIcon title={toApiError(query.error).message} />;
  if (query.isPending) return <Spin />;
  const rows = query.data.data;
  if (!rows.length) return <Empty description={CF.noFields} />;
  const labelOf = (row: (typeof rows)[number]) => row.label ?? row.key ?? row._id;
  return (
    <SortableList
      items={rows}
      idOf={(row) => row._id}
      nameOf={labelOf}
      hint={CF.orderHint}
      onReorder={(ids) => reorder.mutateAsync({ ids }).then(() => utils.customFields.invalidate())}
      disabled={!canUpdate}
      testId="custom-field-list"
      renderItem={(row, { position, disabled }) => {
        const label = labelOf(row);
        return (
          <SortableItem
            key={row._id}
            id={row._id}
            handleLabel={CF.dragHandle(label)}
            position={position}
            disabled={disabled}
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
              onChange={(checked) => void setEnabled(row._id, checked)}
            />
            {canUpdate ? (
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={MESSAGES.list.edit('custom field', label)}
                onClick={() => onEdit(row._id)}
              />
            ) : null}
          </SortableItem>
        );
      }}
    />
  );
}
