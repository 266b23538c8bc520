import { type ActivitiesView, type ActivityBuckets, activityBucketQuery, type activityContract, type ContractQuery } from '@crm/domain';

// The conditions the Activities screen's list and week view carry: the scope's agents (none for the whole asset), the
// bucket at the buckets' own instants (so a chip's count is the list's total), and the URL's filters.

type ActivityQuery = ContractQuery<typeof activityContract>;

export function activitiesQuery(view: ActivitiesView, buckets: ActivityBuckets, withBucket: boolean): ActivityQuery {
  const parts: ActivityQuery[] = [];
  if (buckets.agents) parts.push({ agent: { $in: buckets.agents.map((agent) => agent._id) } });
  if (withBucket && view.bucket) parts.push(activityBucketQuery(view.bucket, { now: buckets.asOf, ...buckets.today }));
  if (view.type) parts.push({ type: view.type });
  if (view.done) parts.push({ doneAt: view.done === 'yes' ? { $ne: null } : null });
  if (view.lead) parts.push({ lead: view.lead });
  if (view.customer) parts.push({ customer: view.customer });
  if (view.deal) parts.push({ deal: view.deal });
  return parts.length === 1 ? (parts[0] ?? {}) : parts.length ? { $and: parts } : {};
}
