// docs/product.md 'Leads report': the columns, in order. `key` names the lead field (or derived value)
// the column shows; exports and the list use the same keys.
export const LEADS_REPORT_COLUMNS = [
  { key: 'dataSourceCreatedAt', title: 'Created At', sortable: true },
  { key: 'sourceDataId', title: 'CRM ID' },
  { key: 'leadID', title: 'Lead ID' },
  { key: 'contactType', title: 'Type' },
  { key: 'source', title: 'Source' },
  { key: 'sourceChannel', title: 'Source Channel' },
  { key: 'location', title: 'Location' },
  { key: 'status', title: 'Status' },
  { key: 'stage', title: 'Stage' },
  { key: 'agent', title: 'Agent' },
  { key: 'officeName', title: 'Office' },
  { key: 'manager', title: 'Manager' },
  { key: 'market', title: 'Market' },
  { key: 'property', title: 'Property/Project' },
  { key: 'campaignName', title: 'Campaign Name (Project)' },
  { key: 'projectDeveloper', title: 'Project Developer' },
  { key: 'slaStage', title: 'SLA Stage' },
  { key: 'isAccepted', title: 'Claimed' },
  { key: 'isClaimedFromPool', title: 'Pool Claimed' },
  { key: 'isContacted', title: 'Contacted' },
  { key: 'rating', title: 'Rating' },
  { key: 'creator', title: 'Created By' },
  { key: 'updatedBy', title: 'Last Updated By' },
] as const;

export type LeadsReportColumn = (typeof LEADS_REPORT_COLUMNS)[number];
export type LeadsReportColumnKey = LeadsReportColumn['key'];
