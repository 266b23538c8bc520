import { type ContractRecord, CUSTOM_FIELD_KINDS, type CustomFieldKind, customFieldContract, hasOptions } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { CustomFieldFormFields } from './CustomFieldFormFields';

// The custom field form: record kind and key on create only (the values are stored under them), then label, type,
// options (selects), required and enabled. A new field goes last in its kind (the server's rule).

type CustomFields = typeof customFieldContract;

/** The record kind of the screen's tab (`?kind=`), where a new field is added. */
export function kindOfLocation(search: string): CustomFieldKind {
  const kind = new URLSearchParams(search).get('kind');
  return CUSTOM_FIELD_KINDS.find((k) => k === kind) ?? 'listing';
}

export function customFieldDefaults(): ResourceFormValues<CustomFields> {
  return { kind: kindOfLocation(window.location.search), key: '', label: '', type: 'text', options: [], required: false, enabled: true };
}

/** An edit sends neither kind nor key (the update refuses them). */
export function customFieldRecordToForm(field: ContractRecord<CustomFields>): ResourceFormValues<CustomFields> {
  return { label: field.label, type: field.type, options: [...field.options], required: field.required, enabled: field.enabled };
}

/** Options only for selects. */
export function withOptionsOfType<T extends { type?: string | undefined; options?: string[] | undefined }>(values: T): T {
  const type = values.type as Parameters<typeof hasOptions>[0] | undefined;
  return type && !hasOptions(type) ? { ...values, options: [] } : values;
}

export const customFieldForm = defineResourceForm({
  contract: customFieldContract,
  Fields: CustomFieldFormFields,
  defaults: customFieldDefaults,
  fromRecord: customFieldRecordToForm,
  createBody: withOptionsOfType,
  updateBody: withOptionsOfType,
});
