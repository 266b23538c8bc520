import { FORM_LEAD_TYPE_LABELS, formatAmount, formatInZone, type FormLeadType } from '@crm/domain';
import { CREATED_AT_FORMAT } from './leads-report-columns';

// The read-only lead page: the lead answered by `leads.byId` (the API's lead record) as label/value pairs.

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export interface DetailItem {
  key: string;
  label: string;
  value: string;
}

function range(min: unknown, max: unknown, format: (v: unknown) => string = text): string {
  const [a, b] = [format(min), format(max)];
  if (a && b) return a === b ? a : `${a} - ${b}`;
  return a ? `${a}+` : b ? `up to ${b}` : '';
}

const amount = (value: unknown) => formatAmount(typeof value === 'number' || typeof value === 'string' ? value : null);
const date = (value: unknown, timeZone: string | undefined) =>
  typeof value === 'string' ? formatInZone(value, CREATED_AT_FORMAT, timeZone) : '';
const nested = (record: Raw, key: string, field: string) => (isRecord(record[key]) ? text((record[key] as Raw)[field]) : '');

/** The lead's fields in reading order; empty values show as '-'. */
export function leadDetailItems(record: Raw, timeZone: string | undefined): DetailItem[] {
  const formType = text(record.type);
  const amenities = Array.isArray(record.amenities) ? record.amenities.filter((a): a is string => typeof a === 'string').join(', ') : '';
  const items: [string, string, string][] = [
    ['leadID', 'Lead ID', text(record.leadID)],
    ['sourceDataId', 'CRM ID', text(record.sourceDataId)],
    ['customer', 'Customer', nested(record, 'customer', 'fullName')],
    ['customerPhone', 'Customer Phone', nested(record, 'customer', 'phoneNumber')],
    ['customerEmail', 'Customer Email', nested(record, 'customer', 'email')],
    ['type', 'Lead For', formType in FORM_LEAD_TYPE_LABELS ? FORM_LEAD_TYPE_LABELS[formType as FormLeadType] : formType],
    ['contactType', 'Type', text(record.contactType)],
    ['leadType', 'Lead Type', text(record.leadType)],
    ['source', 'Source', text(record.source)],
    ['sourceChannel', 'Source Channel', text(record.sourceChannel)],
    ['inputSource', 'Input Source', text(record.inputSource)],
    ['enquiryMethod', 'Enquiry Method', text(record.enquiryMethod)],
    ['contactMethod', 'Contact Method', text(record.contactMethod)],
    ['referredBy', 'Referred By', nested(record, 'referredBy', 'name')],
    ['agent', 'Agent', nested(record, 'agent', 'name')],
    ['officeName', 'Office', text(record.officeName) || nested(record, 'agent', 'officeName')],
    ['action', 'Action', text(record.action)],
    ['rating', 'Rating', text(record.rating)],
    ['unitType', 'Property Type', text(record.unitType)],
    [
      'location',
      'Location',
      [text(record.subLocation), text(record.location), text(record.city), text(record.country)].filter(Boolean).join(', '),
    ],
    ['community', 'Community', text(record.community)],
    ['bedrooms', 'Bedrooms', range(record.minBedrooms, record.maxBedrooms)],
    ['bathrooms', 'Bathrooms', range(record.minBathrooms, record.maxBathrooms)],
    ['budget', 'Budget', range(record.minPrice, record.maxPrice, amount)],
    ['amenities', 'Amenities', amenities],
    ['initialSlaEndDate', 'Initial SLA End', date(record.initialSlaEndDate, timeZone)],
    ['freePoolSlaEndDate', 'Lead Pool SLA End', date(record.freePoolSlaEndDate, timeZone)],
    ['acceptedAt', 'Accepted At', date(record.acceptedAt, timeZone)],
    ['dataSourceCreatedAt', 'Created At', date(record.dataSourceCreatedAt, timeZone)],
    ['creatorName', 'Created By', text(record.creatorName)],
    ['updatedAt', 'Last Updated At', date(record.updatedAt, timeZone)],
    ['updatedByName', 'Last Updated By', text(record.updatedByName)],
    ['remarks', 'Remarks', text(record.remarks)],
  ];
  return items.map(([key, label, value]) => ({ key, label, value: value || '-' }));
}
