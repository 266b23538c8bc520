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
import { queueCrmSync, requirePrimaryCrm } from '../integrations/index.js';

// The sync calls (sync-now, sync-multiple-leads, sync-agent-leads) go to the asset's primary CRM (docs/leads.md
// 'Lead settings'): none set, or its integration not configured or off, answers 409 { provider, reason }; otherwise
// the leads' run is queued in the CRM's provider queue (a SyncRun, joined by a repeat) and a JobRun row points at it,
// so GET jobs/{id} reads the run's status, progress and error.

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
  const crm = await requirePrimaryCrm(deps, assetId);
  const syncRunId = await queueCrmSync(deps, crm, 'leads', params.leadIds);
  const run = await deps.db.jobRun.create({
    data: {
      companyId: company.companyId,
      assetId,
      userId: actor.userId,
      kind,
      status: LEAD_JOB_STATUS.QUEUED,
      total: params.leadIds.length,
      params: { ...params, provider: crm.name, syncRunId },
    },
  });
  return toJobRunRecord(run);
}

/** A JobRun's state as its provider run has it now (queued, running and retrying read as running; done; failed). */
async function withRunState(deps: Pick<LeadDeps, 'db'>, run: JobRun): Promise<JobRun> {
  const syncRunId = (run.params as { syncRunId?: unknown } | null)?.syncRunId;
  if (typeof syncRunId !== 'string') return run;
  const sync = await deps.db.syncRun.findUnique({ where: { id: syncRunId } });
  if (!sync) return run;
  const status =
    sync.status === 'completed'
      ? LEAD_JOB_STATUS.COMPLETED
      : sync.status === 'failed'
        ? LEAD_JOB_STATUS.FAILED
        : sync.status === 'queued'
          ? LEAD_JOB_STATUS.QUEUED
          : LEAD_JOB_STATUS.RUNNING;
  return {
    ...run,
    status,
    progress: sync.progressDone,
    error: sync.error,
    finishedAt: sync.finishedAt,
    result: { provider: sync.provider, counts: sync.counts },
  };
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
  return toJobRunRecord(await withRunState(deps, run));
}
