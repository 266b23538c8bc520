import { LEAD_STATUS } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { SettableClock } from '../../core/deps.js';
import { memberById, type LeadDeps } from './lead-context.js';
import { demoLeadPayload, memberOfSlot, type DemoLeadWorld } from './lead-demo-payload.js';
import { CLOSING_STAGES, LEAD_SCENARIOS, stagePath, type LeadScenario } from './lead-demo-scenarios.js';
import { submitNewLead } from './lead-intake.service.js';
import { acceptLeadBy, claimPoolLeadBy } from './lead-pool.service.js';
import { runLeadSlaSweep } from './lead-sla-sweep.job.js';
import { writeLeadStage } from './lead.service.js';

// The demo leads (docs/architecture.md 'Seed'), played through the lead engine on a clock that moves from step to
// step: each scenario's lead is created at its moment (routing, leadID, SLA dates and first history rows are the
// engine's), accepted, claimed and moved through its stages by the services, and the SLA sweep runs at every
// deadline that falls before `now`, so pool entries and escalations are the clock's own.

const MINUTE = 60_000;

export type DemoLeadDeps = Omit<LeadDeps, 'clock'> & { clock: SettableClock };

interface Step {
  at: number;
  /** At the same moment the clock's sweep goes first, as its job would have run at the deadline. */
  sweep: boolean;
  order: number;
  run: () => Promise<void>;
}

/** The steps still to play, earliest first (ties: sweeps first, then in the order they were added). */
class Timeline {
  private readonly steps: Step[] = [];
  private added = 0;

  add(at: Date | number, run: () => Promise<void>, sweep = false): void {
    this.steps.push({ at: typeof at === 'number' ? at : at.getTime(), sweep, order: this.added++, run });
  }

  next(): Step | undefined {
    this.steps.sort((x, y) => x.at - y.at || Number(y.sweep) - Number(x.sweep) || x.order - y.order);
    return this.steps.shift();
  }
}

/** Another module's step of the demo, played at its moment among the leads' (a member leaving routing). */
export interface DemoInterlude {
  at: Date;
  run: () => Promise<void>;
}

/** Creates one asset's demo leads as `actor` (who types them into the CRM) at `now`; answers how many. */
export async function seedDemoLeads(
  deps: DemoLeadDeps,
  actor: Actor,
  world: DemoLeadWorld,
  now: Date,
  interludes: readonly DemoInterlude[] = [],
): Promise<number> {
  const { db, clock } = deps;
  const { assetId } = world;
  const timeline = new Timeline();
  const leadOf = (id: string) => db.lead.findUniqueOrThrow({ where: { id } });
  /** The SLA sweep at each of the lead's deadlines before `now`, as the clock's jobs would run it. */
  const sweepsFor = (lead: { initialSlaEndDate: Date | null; freePoolSlaEndDate: Date | null }) => {
    for (const deadline of [lead.initialSlaEndDate, lead.freePoolSlaEndDate])
      if (deadline && deadline <= now) timeline.add(deadline, async () => void (await runLeadSlaSweep(deps, { assetId })), true);
  };

  const accept = async (id: string) => {
    const lead = await leadOf(id);
    await acceptLeadBy(deps, actor, assetId, id, (tx) => memberById(tx, assetId, lead.agentId ?? ''));
  };

  const review = async (id: string, scenario: LeadScenario) => {
    if (!scenario.review) return;
    const lead = await leadOf(id);
    // No service writes a review (they come from the review invitation's answer); the LeadReview trigger rates the agent.
    await db.leadReview.create({
      data: {
        companyId: lead.companyId,
        assetId,
        leadId: id,
        customerId: lead.customerId,
        agentId: lead.agentId,
        subjectType: 'Lead',
        category: scenario.review.category,
        rating: scenario.review.rating,
        feedback: scenario.review.feedback,
        subject: `Lead ${lead.leadID}`,
        status: 'Completed',
        qualificationTime: lead.timeToQualify,
        createdAt: clock.now(),
      },
    });
  };

  /** The stages after the first, spread from `start` to nine tenths of the lead's age. */
  const stages = (id: string, scenario: LeadScenario, created: Date, start: Date) => {
    const path = stagePath(scenario.stage).slice(1);
    const end = created.getTime() + Math.max(1, Math.floor(scenario.ageMinutes * 0.9)) * MINUTE;
    path.forEach((stage, k) => {
      const at = start.getTime() + ((end - start.getTime()) * (k + 1)) / path.length;
      timeline.add(at, async () => {
        const status = CLOSING_STAGES.has(stage) ? LEAD_STATUS.CLOSED : LEAD_STATUS.OPEN;
        await writeLeadStage(deps, actor, assetId, id, { stage, status });
        if (k === path.length - 1) await review(id, scenario);
      });
    });
    if (!path.length) timeline.add(end, () => review(id, scenario));
  };

  /** Once the lead is with its last agent: accepted after the scenario's response time, then its stages. */
  const settled = async (id: string, scenario: LeadScenario, created: Date) => {
    if (scenario.responseMinutes === undefined) return stages(id, scenario, created, created);
    const { agentAssignedAt } = await leadOf(id);
    const acceptAt = (agentAssignedAt ?? created).getTime() + scenario.responseMinutes * MINUTE;
    timeline.add(acceptAt, async () => {
      await accept(id);
      stages(id, scenario, created, new Date(acceptAt));
    });
  };

  LEAD_SCENARIOS.forEach((scenario, index) => {
    const created = new Date(now.getTime() - scenario.ageMinutes * MINUTE);
    timeline.add(created, async () => {
      const { payload, sourceKey } = demoLeadPayload(scenario, index, world);
      const { _id: id } = await submitNewLead(deps, assetId, { actor, payload, manualDates: null, sourceKey });
      const lead = await leadOf(id);
      sweepsFor(lead);
      if (scenario.sla === 'claimed' && scenario.claimedBy && lead.initialSlaEndDate) {
        // Claimed 15 minutes after it entered the pool.
        const claimer = memberOfSlot(world, scenario.claimedBy);
        timeline.add(lead.initialSlaEndDate.getTime() + 15 * MINUTE, async () => {
          await claimPoolLeadBy(deps, actor, assetId, id, (tx) => memberById(tx, assetId, claimer));
          sweepsFor(await leadOf(id));
          await settled(id, scenario, created);
        });
      } else if (scenario.sla === 'manager' && lead.freePoolSlaEndDate) {
        // Its agent's manager has it once the pool time ran out (the sweep at that deadline runs first).
        timeline.add(lead.freePoolSlaEndDate, () => settled(id, scenario, created));
      } else await settled(id, scenario, created);
    });
  });

  for (const interlude of interludes) timeline.add(interlude.at, interlude.run);
  for (let step = timeline.next(); step; step = timeline.next()) {
    clock.set(new Date(step.at));
    await step.run();
  }
  clock.set(now);
  return LEAD_SCENARIOS.length;
}
