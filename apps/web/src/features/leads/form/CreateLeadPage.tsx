import { MESSAGES } from '@crm/domain';
import { useState } from 'react';
import { PageHeader } from '../../../shared/PageHeader';
import { LeadForm } from './LeadForm';
import { createLeadDefaults } from './lead-form-values';
import { BackButton } from './support/BackButton';

/** /leads/create (LEAD_ADD; the route guard has loaded the profile). */
export function CreateLeadPage() {
  const [initialValues] = useState(createLeadDefaults);
  return (
    <>
      <PageHeader title={MESSAGES.pages.createLeadTitle} extra={<BackButton />} />
      <LeadForm mode="create" initialValues={initialValues} />
    </>
  );
}
