import { ALL_ROWS_LIMIT, ProjectAgentsInputSchema } from '@crm/domain';
import { Alert, Form, Select } from 'antd';
import { trpc } from '../../app/trpc';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

const MEMBERS = { limit: ALL_ROWS_LIMIT, select: ['name' as const, 'enabled' as const], sort: { name: 1 as const } };

/** The agents who receive the project's off-plan leads (docs/leads.md 'Who gets a new lead'). */
export function AgentsTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  const members = trpc.members.list.useQuery({ filter: MEMBERS });
  const current = trpc.projects.byId.useQuery({ id: project._id, populate: [{ path: 'agents', select: ['name'] }] });
  const agents = current.data?.data.agents;
  const options = (members.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  if (!Array.isArray(agents)) return <Alert type="info" title="Loading agents..." />;
  return (
    <PartForm
      schema={ProjectAgentsInputSchema}
      initialValues={{ agents: agents.map((agent) => (typeof agent === 'string' ? agent : agent._id)) }}
      save={(data) => parts.agents.mutateAsync({ id: project._id, data })}
      what="Agents"
    >
      <Form.Item
        name="agents"
        label="Agents"
        extra="Off-plan leads of this project go to these agents, by the asset's assignment strategy."
      >
        <Select
          mode="multiple"
          allowClear
          options={options}
          loading={members.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Agents"
        />
      </Form.Item>
    </PartForm>
  );
}
