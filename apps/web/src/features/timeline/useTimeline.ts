import { TIMELINE_PAGE } from '@crm/domain';
import { trpc } from '../../app/trpc';

export type TimelineOf = 'lead' | 'customer' | 'deal';

const NEXT = { getNextPageParam: (last: { meta: { nextCursor: string | null } }) => last.meta.nextCursor ?? undefined };

/** One record's timeline, a page at a time ('Load more' asks for the next after the last cursor). */
export function useTimeline(of: TimelineOf, id: string) {
  const input = { id, limit: TIMELINE_PAGE.DEFAULT };
  // One call per record kind, all of one shape: the card's kind picks the procedure.
  return trpc.timeline[of].useInfiniteQuery(input, NEXT);
}

/** Reads a record's timeline again from its first page (after an activity is logged or the deal moved). */
export function useRefreshTimeline() {
  const utils = trpc.useUtils();
  return (of: TimelineOf, id: string) => utils.timeline[of].invalidate({ id });
}
