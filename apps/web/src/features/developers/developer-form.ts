import { type ContractRecord, type DeveloperInput, developerContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { refIdOf } from '../../kit/resource/refs';
import { DeveloperFormFields } from './DeveloperFormFields';

// The developer form: name, logo (a stored image picked in Storage), website and description. The kit checks the
// values with the contract's schema, so the browser shows the server's own messages before any request.

type Developers = typeof developerContract;
export type DeveloperFormDraft = ResourceFormValues<Developers>;

export function developerDefaults(): DeveloperFormDraft {
  return { name: '', logo: null, website: '', description: '' };
}

export function developerRecordToForm(developer: ContractRecord<Developers>): DeveloperFormDraft {
  return {
    name: developer.name,
    logo: refIdOf(developer.logo) ?? null,
    website: developer.website ?? '',
    description: developer.description ?? '',
  };
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** An empty website, description or logo is none (null clears it on update). */
export function toDeveloperBody<T extends Partial<DeveloperInput>>(values: T): T {
  return { ...values, logo: orNull(values.logo), website: orNull(values.website), description: orNull(values.description) };
}

export const developerForm = defineResourceForm({
  contract: developerContract,
  Fields: DeveloperFormFields,
  defaults: developerDefaults,
  fromRecord: developerRecordToForm,
  populate: ['logo'],
  createBody: toDeveloperBody,
  updateBody: toDeveloperBody,
});
