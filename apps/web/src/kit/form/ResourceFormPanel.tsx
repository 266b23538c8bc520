import type { AnyResourceContract, ContractRecord } from '@crm/domain';
import type { FormMode, ResourceFormSpec } from './form-spec';
import { ResourceForm } from './ResourceForm';
import { useResourceForm } from './useResourceForm';

interface ResourceFormPanelProps<C extends AnyResourceContract> {
  spec: ResourceFormSpec<C>;
  mode: FormMode;
  id?: string | undefined;
  onSaved: (record: ContractRecord<C>) => void;
  onCancel: () => void;
}

/** A resource's declared form, wired: what a page or a drawer shows. */
export function ResourceFormPanel<C extends AnyResourceContract>({ spec, mode, id, onSaved, onCancel }: ResourceFormPanelProps<C>) {
  const { contract, Fields, ...options } = spec;
  const state = useResourceForm(contract, mode, { ...options, id, onSaved });
  return (
    <ResourceForm state={state} onCancel={onCancel}>
      <Fields mode={mode} record={state.record} />
    </ResourceForm>
  );
}
