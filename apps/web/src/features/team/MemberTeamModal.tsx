import { ALL_ROWS_LIMIT, type MemberBulkChanges } from '@crm/domain';
import { Form, Modal, Select } from 'antd';
import { trpc } from '../../app/trpc';
import { NO_TEAM_CHOICE, type TeamValues, teamChanges } from './member-filters';

const ALL = { limit: ALL_ROWS_LIMIT, select: ['name'] as 'name'[], sort: { name: 1 as const } };

/**
 * The bulk "Set team" dialog: a department, groups (replacing theirs) and a manager; only what is chosen changes, and
 * 'No department' / 'No manager' clear them.
 */
export function MemberTeamModal({
  open,
  count,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  count: number;
  onCancel: () => void;
  onSubmit: (changes: MemberBulkChanges) => void;
}) {
  const [form] = Form.useForm<TeamValues>();
  const departments = trpc.departments.list.useQuery({ filter: ALL }, { enabled: open });
  const groups = trpc.groups.list.useQuery({ filter: ALL }, { enabled: open });
  const managers = trpc.members.list.useQuery({ filter: { ...ALL, query: { reportedTo: null } } }, { enabled: open });
  const optionsOf = (rows: { _id: string; name?: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: r._id, label: r.name ?? '' }));
  const withNone = (label: string, rows: { _id: string; name?: string }[] | undefined) => [
    { value: NO_TEAM_CHOICE, label },
    ...optionsOf(rows),
  ];
  const submit = (values: TeamValues) => {
    const changes = teamChanges(values);
    if (Object.keys(changes).length) onSubmit(changes);
    form.resetFields();
  };
  return (
    <Modal
      title={`Set team for ${count} selected`}
      open={open}
      okText="Apply"
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="department" label="Department">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Unchanged"
            options={withNone('No department', departments.data?.data)}
          />
        </Form.Item>
        <Form.Item name="groups" label="Groups">
          <Select
            mode="multiple"
            allowClear
            placeholder="Unchanged"
            showSearch={{ optionFilterProp: 'label' }}
            options={optionsOf(groups.data?.data)}
          />
        </Form.Item>
        <Form.Item name="reportedTo" label="Manager">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Unchanged"
            options={withNone('No manager', managers.data?.data)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
