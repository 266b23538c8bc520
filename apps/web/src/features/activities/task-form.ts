import { activityContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormSpec } from '../../kit/form/form-spec';
import { TaskFormFields } from './TaskFormFields';

// The Activities screen's 'New task' (docs/product.md 'Activities'): a task of the caller's member unless another
// agent is chosen; empty choices are not sent, so the server fills the customer and agent from the lead or deal.

type Activities = typeof activityContract;

export function taskFormFor(agentId: string | null): ResourceFormSpec<Activities> {
  return defineResourceForm({
    contract: activityContract,
    Fields: TaskFormFields,
    defaults: () => ({ type: 'task', ...(agentId ? { agent: agentId } : {}) }),
    fromRecord: (record) => ({ type: record.type, subject: record.subject }),
    createBody: (values) =>
      Object.fromEntries(
        Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
      ) as typeof values,
  });
}
