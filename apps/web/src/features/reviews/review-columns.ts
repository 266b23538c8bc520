import { formatReviewDate, LINKS, populated } from '@crm/domain';

// What both reviews' lists show alike: when a review was written, the lead it is of, and that lead's page as the
// row's link.

type LeadRef = string | { _id: string; leadID?: string | null } | null | undefined;

export const reviewDateCell = (timeZone: string | undefined) => (row: { createdAt?: string | null }) =>
  row.createdAt ? formatReviewDate(row.createdAt, timeZone) : '-';

export const reviewLeadCell = (row: { lead?: LeadRef }) => populated(row.lead)?.leadID ?? '-';

export const reviewLeadLink = (row: { lead?: LeadRef }) =>
  LINKS.leadDetail(populated(row.lead)?._id ?? (typeof row.lead === 'string' ? row.lead : ''));
