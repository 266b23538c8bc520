import { MESSAGES, PATHS } from '@crm/domain';
import { useState } from 'react';
import { PageHeader } from '../../../kit/page/PageHeader';
import { LeadForm } from './LeadForm';
import { createLeadDefaults } from './lead-form-values';
import { BackButton } from '../../../kit/navigation/BackButton';

/** /leads/create (LEAD_ADD; the route guard has loaded the profile). */
export function CreateLeadPage() {
  const [initialValues] = useState(createLeadDefaults);
  return (
    <>
      <PageHeader title={MESSAGES.pages.createLeadTitle} extra={<BackButton fallback={PATHS.LEADS_REPORT} />} />
      <LeadForm mode="create" initialValues={initialValues} />
    </>
  );
}
