import type { Actor } from '../../core/actor.js';
import type { AppDeps, SettableClock } from '../../core/deps.js';
import { createRecord } from '../../resources/resource-write.service.js';
import { activityResource } from './activity.resource.js';

// The demo's activities (docs/architecture.md 'Seed'), logged through the activity resource on the seed's clock, so
// the leads' latest activity, their next planned step and the deals' stale clocks are the engine's own: each agent's
// newest open lead gets a call done yesterday, a task due today and one overdue, the next a message and a meeting
// tomorrow; each open deal a note and a task for its paperwork.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type DemoActivityDeps = Pick<AppDeps, 'db' | 'log' | 'jobs'> & { clock: SettableClock };

type Planned = { at: number; body: Record<string, unknown> };

const iso = (ms: number) => new Date(ms).toISOString();

function leadPlan(lead: { id: string; agentId: string }, index: number, now: number): Planned[] {
  const on = { lead: lead.id, agent: lead.agentId };
  if (index === 0)
    return [
      { at: now - 3 * DAY, body: { ...on, type: 'task', subject: 'Follow up on the brochure', dueAt: iso(now - DAY) } },
      {
        at: now - DAY,
        body: {
          ...on,
          type: 'call',
          subject: 'First call: budget and areas',
          durationMinutes: 8,
          doneAt: iso(now - DAY),
          outcome: 'Interested',
        },
      },
      {
        at: now - DAY,
        body: {
          ...on,
          type: 'task',
          subject: 'Send the shortlist of listings',
          dueAt: iso(now + 3 * HOUR),
          reminderAt: iso(now + 2 * HOUR),
        },
      },
    ];
  return [
    { at: now - 3 * DAY, body: { ...on, type: 'whatsapp', subject: 'Sent the brochure on WhatsApp', doneAt: iso(now - 3 * DAY) } },
    { at: now - 2 * HOUR, body: { ...on, type: 'meeting', subject: 'Meeting at the office', dueAt: iso(now + DAY), durationMinutes: 45 } },
  ];
}

function dealPlan(deal: { id: string; agentId: string }, now: number): Planned[] {
  const on = { deal: deal.id, agent: deal.agentId };
  return [
    { at: now - 2 * DAY, body: { ...on, type: 'note', subject: 'The buyer asked for the payment schedule', doneAt: iso(now - 2 * DAY) } },
    { at: now - 2 * DAY, body: { ...on, type: 'task', subject: 'Collect the signed paperwork', dueAt: iso(now + 2 * DAY) } },
  ];
}

/** Logs one asset's demo activities as `actor` at `now`; answers how many. */
export async function seedDemoActivities(deps: DemoActivityDeps, actor: Actor, assetId: string, now: Date): Promise<number> {
  const [leads, deals] = await Promise.all([
    deps.db.lead.findMany({
      where: { assetId, status: 'Open', deletedAt: null, agentId: { not: null } },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: { id: true, agentId: true },
    }),
    deps.db.deal.findMany({
      where: { assetId, outcome: 'open', deletedAt: null },
      orderBy: { id: 'asc' },
      select: { id: true, agentId: true },
    }),
  ]);
  const perAgent = new Map<string, number>();
  const planned: Planned[] = [];
  for (const lead of leads) {
    const agentId = lead.agentId ?? '';
    const index = perAgent.get(agentId) ?? 0;
    if (index > 1) continue;
    perAgent.set(agentId, index + 1);
    planned.push(...leadPlan({ id: lead.id, agentId }, index, now.getTime()));
  }
  for (const deal of deals) planned.push(...dealPlan(deal, now.getTime()));
  planned.sort((x, y) => x.at - y.at);
  for (const { at, body } of planned) {
    deps.clock.set(new Date(at));
    await createRecord({ deps, actor }, activityResource, body);
  }
  deps.clock.set(now);
  return planned.length;
}
