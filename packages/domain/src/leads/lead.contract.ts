import { customFieldsField } from '../custom-fields/custom-field-values.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { customerFields } from '../customers/customer.contract.js';
import { listingFields } from '../listings/listing.contract.js';
import { projectFields } from '../projects/project.contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { memberFields } from '../teams/team.contract.js';
import { CONTACT_TYPES, FORM_LEAD_TYPES, LEAD_STATUSES, LEAD_TYPES, SLA_STAGES } from './lead-enums.js';

// Leads as the Leads report and the lead pages read them. Writing a lead is the lead engine's (routing, SLA
// clock, leadID): its own calls (create, cms/{id}, stage/{id}), never the generic create and update.
export const leadFields = {
  ...baseFields({ softDelete: true }),
  leadID: f.string({ label: 'Lead ID', sortable: true, searchable: true }),
  customer: f.ref('customers', { label: 'Customer', nullable: false }),
  agent: f.ref('members', { label: 'Agent' }),
  referredBy: f.ref('members', { label: 'Referred By' }),
  listing: f.ref('listings', { label: 'Listing' }),
  project: f.ref('projects', { label: 'Project' }),
  parentId: f.ref('leads', { label: 'Parent Lead' }),
  type: f.enum(FORM_LEAD_TYPES, { label: 'Type', distinct: true }),
  contactType: f.enum(CONTACT_TYPES, { label: 'Lead Type', sortable: true, distinct: true }),
  leadType: f.enum(LEAD_TYPES, { label: 'Sale or Rent', nullable: true, distinct: true }),
  source: f.string({ label: 'Source', sortable: true, searchable: true, distinct: true }),
  sourceChannel: f.string({ label: 'Source Channel', nullable: true, distinct: true }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, searchable: true }),
  inputSource: f.string({ label: 'Input Source', nullable: true, distinct: true }),
  enquiryMethod: f.string({ label: 'Enquiry Method', nullable: true }),
  contactMethod: f.string({ label: 'Contact Method', nullable: true }),
  // Set by the Do Not Call Registry check after a write (listed, clear), never by the lead's own calls.
  dncrStatus: f.string({ label: 'DNCR Status', nullable: true, distinct: true }),
  stage: f.string({ label: 'Stage', sortable: true, distinct: true }),
  status: f.enum(LEAD_STATUSES, { label: 'Status', sortable: true, distinct: true }),
  action: f.string({ label: 'Action', nullable: true }),
  rating: f.string({ label: 'Rating', nullable: true, distinct: true }),
  unitType: f.string({ label: 'Property Type', nullable: true }),
  amenities: f.strings({ label: 'Amenities' }),
  country: f.string({ label: 'Country', nullable: true }),
  city: f.string({ label: 'City', nullable: true, distinct: true }),
  location: f.string({ label: 'Location', nullable: true, searchable: true, distinct: true }),
  locations: f.strings({ label: 'Locations' }),
  subLocation: f.string({ label: 'Sub Location', nullable: true }),
  community: f.string({ label: 'Community', nullable: true }),
  minBedrooms: f.int({ label: 'Min Bedrooms', nullable: true }),
  maxBedrooms: f.int({ label: 'Max Bedrooms', nullable: true }),
  minBathrooms: f.int({ label: 'Min Bathrooms', nullable: true }),
  maxBathrooms: f.int({ label: 'Max Bathrooms', nullable: true }),
  minPrice: f.money({ label: 'Min Budget', nullable: true }),
  maxPrice: f.money({ label: 'Max Budget', nullable: true }),
  remarks: f.string({ label: 'Remarks', nullable: true }),
  officeName: f.string({ label: 'Office', nullable: true, searchable: true, distinct: true }),
  utm: f.json({ label: 'UTM' }),
  isManualAssignment: f.boolean({ label: 'Manual Assignment' }),
  sendToPool: f.boolean({ label: 'Sent To Pool' }),
  setAutoSLADetails: f.boolean({ label: 'Automatic SLA' }),
  initialSlaEndDate: f.date({ label: 'Initial SLA End', nullable: true, sortable: true }),
  freePoolSlaEndDate: f.date({ label: 'Free Pool SLA End', nullable: true, sortable: true }),
  isAccepted: f.boolean({ label: 'Claimed' }),
  acceptedAt: f.date({ label: 'Accepted At', nullable: true, sortable: true }),
  isContacted: f.boolean({ label: 'Contacted' }),
  isClaimedFromPool: f.boolean({ label: 'Pool Claimed' }),
  isReheated: f.boolean({ label: 'Reheated' }),
  isInFreePool: f.boolean({ label: 'In Lead Pool' }),
  isAssignedFromLeadPool: f.boolean({ label: 'Assigned From Lead Pool' }),
  agentAssignedAt: f.date({ label: 'Assigned At', nullable: true }),
  slaResponseTime: f.number({ label: 'Response Time', nullable: true }),
  trackingLink: f.string({ label: 'Tracking Link', nullable: true }),
  trackingLinkViewAt: f.date({ label: 'Tracking Link Viewed At', nullable: true }),
  trackingLinkClickedBySystem: f.boolean({ label: 'Tracking Link Clicked By System' }),
  trackingShortUrl: f.string({ label: 'Tracking Short Link', nullable: true, exportable: false }),
  timeToClose: f.number({ label: 'Time To Close', nullable: true }),
  timeToQualify: f.number({ label: 'Time To Qualify', nullable: true }),
  followUpAt: f.date({ label: 'Follow Up At', nullable: true }),
  latestActivity: f.string({ label: 'Latest Activity', nullable: true }),
  lastActivityAt: f.date({ label: 'Last Activity At', nullable: true }),
  isSubscribedToNotifications: f.boolean({ label: 'Subscribed To Notifications' }),
  dataSourceCreatedAt: f.date({ label: 'Created At', sortable: true }),
  creatorName: f.string({ label: 'Created By' }),
  updatedByName: f.string({ label: 'Last Updated By' }),
  customFields: customFieldsField(),
  /** Where the lead stands on its SLA clock now (lead pages answer it; the report derives its own). */
  slaStage: f.enum(SLA_STAGES, { label: 'SLA Stage', computed: true }),
};

const listingRef = pickFields(listingFields, ['_id', 'reference', 'title', 'city', 'location']);

export const leadContract = defineContract({
  name: 'leads',
  path: 'properties/leads',
  label: { one: 'lead', many: 'leads' },
  scope: 'asset',
  softDelete: true,
  fields: leadFields,
  relations: {
    customer: rel.one(
      'customers',
      pickFields(customerFields, ['_id', 'fullName', 'customerID', 'phoneNumber', 'email', 'sourceDataId', 'type']),
      {
        label: 'Customer',
      },
    ),
    agent: rel.one(
      'members',
      { ...pickFields(memberFields, ['_id', 'name', 'officeName', 'enabled']), reportedTo: memberFields.reportedTo },
      { label: 'Agent' },
    ),
    referredBy: rel.one('members', pickFields(memberFields, ['_id', 'name']), { label: 'Referred By' }),
    listing: rel.one('listings', listingRef, { label: 'Listing' }),
    /** The lead's listings as a list (the Update Lead page reads `listings` with their reference). */
    listings: rel.many('listings', listingRef, { label: 'Listings' }),
    project: rel.one(
      'projects',
      { ...pickFields(projectFields, ['_id', 'name', 'campaignName']), developer: projectFields.developer },
      { label: 'Project' },
    ),
    parent: rel.one('leads', { _id: f.id({ label: 'ID' }), leadID: f.string({ label: 'Lead ID' }) }, { label: 'Parent Lead' }),
    review: rel.one(
      'leadReviews',
      {
        _id: f.id({ label: 'ID' }),
        rating: f.int({ label: 'Rating', nullable: true }),
        feedback: f.string({ label: 'Feedback', nullable: true }),
        category: f.string({ label: 'Category', nullable: true }),
        status: f.string({ label: 'Status', nullable: true }),
      },
      { label: 'Review' },
    ),
  },
  defaultSort: { field: 'dataSourceCreatedAt', direction: -1 },
  permissions: { read: [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE] },
});
