import type { ContractRecord, projectContract } from '@crm/domain';
import { columnChanges } from '../../resources/activity-log.js';
import type { Access } from '../../resources/resource-access.js';
import { asContractRecord } from '../../resources/resource-serializer.js';
import { findRecordById, loadScoped, type ResourceCall } from '../../resources/resource.service.js';
import type { Project } from '../../generated/prisma/client.js';
import { projectResource } from './project.resource.js';
import type { UnitOfWork } from '../../resources/unit-of-work.js';

export type ProjectRecord = ContractRecord<typeof projectContract>;

/**
 * The live project of the caller's asset, its row locked until the transaction ends: two tabs saving parts of the
 * same project (or two FAQ edits) apply one after the other instead of one overwriting the other's JSON.
 */
export async function lockedProject(uow: UnitOfWork, access: Access, id: string): Promise<Project> {
  await uow.lock('Project', id);
  // The engine reads the whole row of the project model: the row is a Project.
  return (await loadScoped(uow.tx, projectResource, access, id, false)) as unknown as Project;
}

/**
 * The activity row of a project call that changed some of its columns (a part, the DLD details, its FAQ): the columns
 * before and after; `agents` (a relation) as the ids before and after.
 */
export async function logProjectChange(uow: UnitOfWork, project: Project, data: Record<string, unknown>): Promise<void> {
  const { agents, ...columns } = data;
  const { before, after } = columnChanges(project as unknown as Record<string, unknown>, columns);
  if (agents !== undefined) {
    const was = await uow.tx.teamMember.findMany({
      where: { projects: { some: { id: project.id } } },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    before.agents = was.map((member) => member.id);
    const set = (agents as { set: { id: string }[] }).set;
    after.agents = set.map((member) => member.id).sort();
  }
  uow.activity({
    action: 'update',
    subjectType: projectResource.contract.name,
    subjectId: project.id,
    assetId: project.assetId,
    before,
    after,
  });
}

/** The project as every project call answers it: the contract's record. */
export async function projectRecord(call: ResourceCall, id: string): Promise<ProjectRecord> {
  return asContractRecord(projectResource.contract, await findRecordById(call, projectResource, id));
}
