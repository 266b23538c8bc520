import { DNCR_STATUS_LABELS, type DncrStatus, FORM_LEAD_TYPE_LABELS, formatAmount, formatInZone, populated } from '@crm/domain';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import type { LeadRecord } from './lead-row';

// The read-only lead page: the lead answered by `leads.byId` (typed by the lead contract) as label/value pairs.

export interface DetailItem {
  key: string;
  label: string;
  value: string;
}

const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function range(min: string, max: string): string {
  if (min && max) return min === max ? min : `${min} - ${max}`;
  return min ? `${min}+` : max ? `up to ${max}` : '';
}

/** The Do Not Call Registry's answer in words; empty until the number has been checked. */
const dncrLabel = (status: string | null | undefined) =>
  status && status in DNCR_STATUS_LABELS ? DNCR_STATUS_LABELS[status as DncrStatus] : status;

const date = (value: string | null | undefined, timeZone: string | undefined) =>
  value ? formatInZone(value, DATE_TIME_FORMAT, timeZone) : '';

/** The lead's fields in reading order; empty values show as '-'. */
export function leadDetailItems(lead: LeadRecord, timeZone: string | undefined): DetailItem[] {
  const customer = populated(lead.customer);
  const agent = populated(lead.agent);
  const items: [string, string, string | null | undefined][] = [
    ['leadID', 'Lead ID', lead.leadID],
    ['sourceDataId', 'CRM ID', lead.sourceDataId],
    ['customer', 'Customer', customer?.fullName],
    ['customerPhone', 'Customer Phone', customer?.phoneNumber],
    ['customerEmail', 'Customer Email', customer?.email],
    ['type', 'Lead For', FORM_LEAD_TYPE_LABELS[lead.type]],
    ['contactType', 'Type', lead.contactType],
    ['leadType', 'Lead Type', lead.leadType],
    ['source', 'Source', lead.source],
    ['sourceChannel', 'Source Channel', lead.sourceChannel],
    ['inputSource', 'Input Source', lead.inputSource],
    ['enquiryMethod', 'Enquiry Method', lead.enquiryMethod],
    ['contactMethod', 'Contact Method', lead.contactMethod],
    ['dncrStatus', 'DNCR Status', dncrLabel(lead.dncrStatus)],
    ['referredBy', 'Referred By', populated(lead.referredBy)?.name],
    ['agent', 'Agent', agent?.name],
    ['officeName', 'Office', lead.officeName || agent?.officeName],
    ['action', 'Action', lead.action],
    ['rating', 'Rating', lead.rating],
    ['unitType', 'Property Type', lead.unitType],
    ['location', 'Location', [lead.subLocation, lead.location, lead.city, lead.country].filter(Boolean).join(', ')],
    ['community', 'Community', lead.community],
    ['bedrooms', 'Bedrooms', range(number(lead.minBedrooms), number(lead.maxBedrooms))],
    ['bathrooms', 'Bathrooms', range(number(lead.minBathrooms), number(lead.maxBathrooms))],
    ['budget', 'Budget', range(formatAmount(lead.minPrice), formatAmount(lead.maxPrice))],
    ['amenities', 'Amenities', lead.amenities.join(', ')],
    ['initialSlaEndDate', 'Initial SLA End', date(lead.initialSlaEndDate, timeZone)],
    ['freePoolSlaEndDate', 'Lead Pool SLA End', date(lead.freePoolSlaEndDate, timeZone)],
    ['acceptedAt', 'Accepted At', date(lead.acceptedAt, timeZone)],
    ['dataSourceCreatedAt', 'Created At', date(lead.dataSourceCreatedAt, timeZone)],
    ['creatorName', 'Created By', lead.creatorName],
    ['updatedAt', 'Last Updated At', date(lead.updatedAt, timeZone)],
    ['updatedByName', 'Last Updated By', lead.updatedByName],
    ['trackingLink', 'Tracking Link', lead.trackingLink],
    ['trackingShortUrl', 'Tracking Short Link', lead.trackingShortUrl],
    ['remarks', 'Remarks', lead.remarks],
  ];
  return items.map(([key, label, value]) => ({ key, label, value: value?.trim() || '-' }));
}
