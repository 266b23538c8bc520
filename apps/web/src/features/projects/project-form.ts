import { type ContractRecord, type ProjectInput, projectContract, UAE_COUNTRY } from '@crm/domain';
import { customFieldsBody } from '../../kit/custom-fields/custom-field-list';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { refIdOf } from '../../kit/resource/refs';
import { ProjectFormFields } from './ProjectFormFields';

// The project's own fields (the editor's Details tab and the create page). The parts (unit types, payment plans,
// gallery, FAQ...) are saved by their own tabs. The kit checks the values with the contract's schema, so the
// browser shows the server's own messages before any request.

type Projects = typeof projectContract;
export type ProjectFormDraft = ResourceFormValues<Projects>;

export function projectDefaults(): ProjectFormDraft {
  return {
    name: '',
    slug: '',
    status: 'Upcoming',
    enabled: true,
    developer: null,
    brochure: null,
    country: UAE_COUNTRY.name,
    customFields: {},
  };
}

export function projectRecordToForm(project: ContractRecord<Projects>): ProjectFormDraft {
  return {
    name: project.name,
    slug: project.slug,
    developer: refIdOf(project.developer) ?? null,
    campaignName: project.campaignName ?? '',
    status: project.status,
    country: project.country ?? '',
    city: project.city ?? '',
    community: project.community ?? '',
    startDate: project.startDate,
    completionDate: project.completionDate,
    handoverDate: project.handoverDate,
    description: project.description ?? '',
    descriptionAr: project.descriptionAr ?? '',
    brochure: refIdOf(project.brochure) ?? null,
    enabled: project.enabled,
    customFields: { ...(project.customFields ?? {}) },
  };
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** Empty text is none (null clears it on update), and so is an emptied custom field. */
export function toProjectBody<T extends Partial<ProjectInput>>(values: T): T {
  return {
    ...values,
    ...(values.customFields ? { customFields: customFieldsBody(values.customFields) } : {}),
    developer: orNull(values.developer),
    brochure: orNull(values.brochure),
    campaignName: orNull(values.campaignName),
    country: orNull(values.country),
    city: orNull(values.city),
    community: orNull(values.community),
    description: orNull(values.description),
    descriptionAr: orNull(values.descriptionAr),
  };
}

/**
 * The Details tab's update: the Arabic description is edited on the Translations tab (the server keeps it equal to
 * the Arabic translation's), so this form never sends it back.
 */
export function toProjectUpdateBody<T extends Partial<ProjectInput>>(values: T): Omit<T, 'descriptionAr'> {
  const { descriptionAr: _edited, ...body } = toProjectBody(values);
  return body;
}

export const projectForm = defineResourceForm({
  contract: projectContract,
  Fields: ProjectFormFields,
  defaults: projectDefaults,
  fromRecord: projectRecordToForm,
  createBody: toProjectBody,
  updateBody: toProjectUpdateBody,
});
