import type {
  AnyResourceContract,
  ContractCreateInput,
  ContractCreateOutput,
  ContractRecord,
  ContractUpdateInput,
  ContractUpdateOutput,
  PopulateOf,
} from '@crm/domain';
import type { ComponentType } from 'react';

// What a screen declares once about a resource's form (react-admin's `<Resource create edit>`): its fields, its
// starting values, a stored record as values, and how the checked values become the bodies of create and update.
// The resource's own pages render it, and any screen can open it in a drawer by contract (ResourceDrawer).

export type FormMode = 'create' | 'update';

/** The form's store: the create body's fields, any of them still empty. */
export type ResourceFormValues<C> = Partial<ContractCreateInput<C>>;
/** A field of the form: a key of the contract's create body. */
export type FormFieldKey<C> = keyof ContractCreateInput<C> & string;

export interface FormFieldsProps<C> {
  mode: FormMode;
  /** The stored record (update). */
  record: ContractRecord<C> | undefined;
}

export interface ResourceFormSpec<C extends AnyResourceContract> {
  contract: C;
  /** The form's fields (ResourceFormItem, typed with formItemOf). */
  Fields: ComponentType<FormFieldsProps<C>>;
  /** Starting values of a new record. */
  defaults: () => ResourceFormValues<C>;
  /** A stored record as the form's values. */
  fromRecord: (record: ContractRecord<C>) => ResourceFormValues<C>;
  /** Relations the update form reads with the record (a picture's address...). */
  populate?: PopulateOf<C>[];
  /** The create body from the checked values (default: the values as checked). */
  createBody?: (values: ContractCreateOutput<C>) => ContractCreateInput<C>;
  /** The update body from the checked values (default: the values as checked). */
  updateBody?: (values: ContractUpdateOutput<C>) => ContractUpdateInput<C>;
}

/** A resource's form, declared once beside its screens. */
export function defineResourceForm<C extends AnyResourceContract>(spec: ResourceFormSpec<C>): ResourceFormSpec<C> {
  return spec;
}
