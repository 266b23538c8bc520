import { MESSAGES, PATHS } from '@crm/domain';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { PageHeader } from '../../../kit/page/PageHeader';
import { PageLoader } from '../../../kit/page/PageLoader';
import { LeadForm } from './LeadForm';
import { leadRecordToForm } from './lead-form-values';
import { BackButton } from '../../../kit/navigation/BackButton';
import { LeaveWithMessage } from '../../../kit/navigation/LeaveWithMessage';

/**
 * /leads/{id}/update (LEAD_UPDATE): the lead of the active asset with its listing's reference. A missing lead
 * and a child lead cannot be updated here (docs/product.md 'Screens and routes').
 */
export function UpdateLeadPage() {
  const { id = '' } = useParams();
  const query = trpc.leads.byId.useQuery({ id }, { enabled: id !== '', retry: false, staleTime: 0 });
  const lead = query.data;
  const initialValues = useMemo(() => (lead ? leadRecordToForm(lead, browserLocale().timeZone) : undefined), [lead]);

  if (query.isLoading) return <PageLoader />;
  if (query.isError) {
    const error = toApiError(query.error);
    return <LeaveWithMessage message={error.statusCode === 404 ? MESSAGES.lead.notFound : error.message} />;
  }
  if (!lead || !initialValues) return <LeaveWithMessage message={MESSAGES.lead.notFound} />;
  if (lead.parentId) return <LeaveWithMessage message={MESSAGES.lead.childUpdate} />;

  const { leadID } = lead;
  return (
    <>
      <PageHeader
        title={`${MESSAGES.pages.updateLeadTitle}${leadID ? ` ${leadID}` : ''}`}
        extra={<BackButton fallback={PATHS.LEADS_REPORT} />}
      />
      <LeadForm key={lead._id} mode="update" initialValues={initialValues} lead={lead} />
    </>
  );
}
