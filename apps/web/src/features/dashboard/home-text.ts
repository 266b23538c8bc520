// Texts of Home (docs/product.md 'Home') not in the domain's message catalogue, and the SLA countdown's wording.

export const HOME_TEXT = {
  title: 'Home',
  loadFailed: 'The figures could not be read.',
  myLeads: 'My Leads',
  awaitingAcceptance: 'Awaiting my acceptance',
  awaitingList: 'Soonest SLA end first',
  noneAwaiting: 'No lead is waiting for your acceptance.',
  pool: 'Leads in the pool I may claim',
  noNextActivity: 'Open leads with no next activity',
  teamDeals: 'My Team’s Deals',
  assetDeals: 'The Asset’s Deals',
  pipelineByStage: 'Open deals by stage',
  pipelineCaption: 'Open deal value and weighted value by stage. The table below has the same figures.',
  stage: 'Stage',
  deals: 'Deals',
  value: 'Value',
  weightedValue: 'Weighted Value',
  noOpenDeals: 'No open deals in this pipeline.',
  wonThisMonth: 'Deals won this month',
  team: 'My Team',
  asset: 'The Whole Asset',
  system: 'System',
  slaBreaches: 'SLA breaches today',
  escalations: 'Escalations today',
  newLeads: 'New leads by source',
  newLeadsCaption: 'New leads by source, last month beside this month. The table below has the same figures.',
  noNewLeads: 'No new leads this month or last month.',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  source: 'Source',
  responseTimes: 'Response time by agent, this month',
  agent: 'Agent',
  averageResponseTime: 'Average Response Time',
  failedJobs: 'Failed jobs today',
  integrationErrors: 'Integrations in error today',
  nothingToShow:
    'Nothing to show here yet: Home shows the leads of your team member in this asset, your team and the asset to who may see them.',
} as const;

const MINUTE = 60_000;

/** The SLA countdown of a lead awaiting acceptance: the time left to its initial SLA end, in whole minutes. */
export function slaTimeLeft(initialSlaEndDate: string | null, now: Date): string {
  if (!initialSlaEndDate) return 'No SLA';
  const left = new Date(initialSlaEndDate).getTime() - now.getTime();
  if (left <= 0) return 'SLA ended';
  const minutes = Math.ceil(left / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean);
  return `${parts.join(' ')} left`;
}
