import {
  JsonValueSchema,
  LEAD_ENGINE_MESSAGES,
  LEAD_JOB_STATUS,
  LEAD_SYNC_KIND,
  LEAD_SYNC_KINDS,
  MESSAGES,
  UUID_PATTERN,
  type LeadJobRun,
  type LeadSyncKind,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { JobRun } from '../../generated/prisma/client.js';
import type { LeadDeps } from './lead-context.js';
import { assertLeadId } from './lead-record.js';
import { leadSyncJob } from './lead-sync.job.js';

// The sync calls (sync-now, sync-multiple-leads, sync-agent-leads): each is queued as a job with a JobRun row
// the caller can watch (GET jobs/{id}). The job hands the leads to the asset's CRM provider; none is
// built into this release, so the run ends saying which provider is missing instead of pretending.

export function toJobRunRecord(run: JobRun): LeadJobRun {
  return {
    _id: run.id,
    asset: run.assetId,
    kind: run.kind,
    status: run.status,
    progress: run.progress,
    total: run.total,
    // Prisma's JSON type allows absent object members; the answer's is plain JSON.
    params: JsonValueSchema.nullable().parse(run.params ?? null),
    result: JsonValueSchema.nullable().parse(run.result ?? null),
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

async function queueSync(
  deps: LeadDeps,
  actor: Actor,
  assetId: string,
  kind: LeadSyncKind,
  params: { leadIds: string[]; agentId?: string },
): Promise<LeadJobRun> {
  const company = await deps.db.asset.findUnique({ where: { id: assetId }, select: { companyId: true } });
  if (!company) throw AppError.notFound('Asset not found');
  const run = await deps.db.jobRun.create({
    data: {
      companyId: company.companyId,
      assetId,
      userId: actor.userId,
      kind,
      status: LEAD_JOB_STATUS.QUEUED,
      total: params.leadIds.length,
      params,
    },
  });
  try {
    await deps.jobs.enqueue(leadSyncJob, { jobRunId: run.id }, { jobId: `lead-sync-${run.id}` });
  } catch (error) {
    // The call fails visibly, and the row says why: no job will ever pick it up.
    await deps.db.jobRun.update({
      where: { id: run.id },
      data: { status: LEAD_JOB_STATUS.FAILED, error: LEAD_ENGINE_MESSAGES.queueUnavailable, finishedAt: deps.clock.now() },
    });
    throw error;
  }
  return toJobRunRecord(run);
}

/** PATCH sync-now/{id}: one lead. */
export async function syncLeadNow(deps: LeadDeps, actor: Actor, assetId: string, leadId: string): Promise<LeadJobRun> {
  assertLeadId(leadId);
  const lead = await deps.db.lead.findFirst({ where: { id: leadId, assetId, deletedAt: null }, select: { id: true } });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  return queueSync(deps, actor, assetId, LEAD_SYNC_KIND.ONE, { leadIds: [lead.id] });
}

/** POST sync-multiple-leads: every named lead must be the asset's (else 404, naming none of the others). */
export async function syncMultipleLeads(deps: LeadDeps, actor: Actor, assetId: string, leadIds: string[]): Promise<LeadJobRun> {
  const unique = [...new Set(leadIds)];
  const found = await deps.db.lead.findMany({ where: { id: { in: unique }, assetId, deletedAt: null }, select: { id: true } });
  if (found.length !== unique.length) throw AppError.notFound(MESSAGES.lead.notFound);
  return queueSync(deps, actor, assetId, LEAD_SYNC_KIND.MULTIPLE, { leadIds: unique });
}

/** PATCH sync-agent-leads/{id}: every lead of one team member of the asset. */
export async function syncAgentLeads(deps: LeadDeps, actor: Actor, assetId: string, agentId: string): Promise<LeadJobRun> {
  if (!UUID_PATTERN.test(agentId)) throw AppError.notFound(LEAD_ENGINE_MESSAGES.agentNotFound);
  const agent = await deps.db.teamMember.findFirst({ where: { id: agentId, assetId, deletedAt: null }, select: { id: true } });
  if (!agent) throw AppError.notFound(LEAD_ENGINE_MESSAGES.agentNotFound);
  const leads = await deps.db.lead.findMany({ where: { assetId, agentId, deletedAt: null }, select: { id: true } });
  return queueSync(deps, actor, assetId, LEAD_SYNC_KIND.AGENT, { leadIds: leads.map((l) => l.id), agentId });
}

/** GET jobs/{id}: a lead sync run of the asset. */
export async function getLeadJob(deps: Pick<LeadDeps, 'db'>, assetId: string, id: string): Promise<LeadJobRun> {
  const run = UUID_PATTERN.test(id) ? await deps.db.jobRun.findFirst({ where: { id, assetId, kind: { in: LEAD_SYNC_KINDS } } }) : null;
  if (!run) throw AppError.notFound(LEAD_ENGINE_MESSAGES.jobNotFound);
  return toJobRunRecord(run);
}
