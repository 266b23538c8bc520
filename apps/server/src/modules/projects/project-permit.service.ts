import type { ProjectPermitCheck } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { columnChanges } from '../../resources/activity-log.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { authorize } from '../../resources/resource-access.js';
import { loadScoped, type ResourceCall } from '../../resources/resource.service.js';
import { checkPermit } from '../integrations/index.js';
import { projectResource } from './project.resource.js';

// GET trakheesi/{project}/{permit}: checks an advertising permit with Dubai's Trakheesi system through the asset's
// Trakheesi integration and stores the answer on the project (number, status, expiry, when checked). Without a
// configured, enabled integration the answer is the guard's 409 naming it: never a made-up "valid".

export async function checkProjectPermit(
  call: ResourceCall & { deps: AppDeps },
  projectId: string,
  permit: string,
): Promise<ProjectPermitCheck> {
  const access = authorize(projectResource, call, 'read');
  const project = await loadScoped(call.deps.db, projectResource, access, projectId, false);
  const assetId = String(project.assetId);
  const stored = await call.deps.db.project.findUniqueOrThrow({
    where: { id: String(project.id) },
    select: { permitNumber: true, permitStatus: true, permitExpiresAt: true, permitCheckedAt: true },
  });
  // Manual mode judges by the expiry stored with the same permit number (typed from its PDF).
  const typedExpiry = stored.permitNumber === permit ? stored.permitExpiresAt : null;
  const outcome = await checkPermit(call.deps, assetId, permit, typedExpiry);
  const checkedAt = call.deps.clock.now();
  const expiresAt = outcome.expiresAt ?? typedExpiry;
  const data = { permitNumber: permit, permitStatus: outcome.status, permitExpiresAt: expiresAt, permitCheckedAt: checkedAt };
  await withUnitOfWork(call.deps, call.actor, async (uow) => {
    await uow.tx.project.update({ where: { id: String(project.id) }, data });
    uow.activity({
      action: 'update',
      subjectType: projectResource.contract.name,
      subjectId: String(project.id),
      assetId,
      ...columnChanges(stored, data),
    });
  });
  return {
    permit,
    valid: outcome.status === 'valid',
    status: outcome.status,
    expiresAt: expiresAt?.toISOString() ?? null,
    checkedAt: checkedAt.toISOString(),
  };
}
