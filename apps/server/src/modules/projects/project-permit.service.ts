import { PROJECT_PERMIT_INTEGRATION, type ProjectPermitCheck, PROJECT_MESSAGES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { authorize } from '../../resources/resource-access.js';
import { loadScoped, type ResourceCall } from '../../resources/resource.service.js';
import type { ResourceDeps } from '../../resources/resource.types.js';
import { projectResource } from './project.resource.js';

// GET trakheesi/{project}/{permit}: checks an advertising permit with Dubai's Trakheesi system through the asset's
// Trakheesi integration. Without an enabled integration, or without a connector in this release, the answer is a
// 409 that says so: never a made-up "valid".

export interface PermitProvider {
  check(deps: ResourceDeps, input: { assetId: string; projectId: string; permit: string; config: unknown }): Promise<ProjectPermitCheck>;
}

/** Connectors built into this release, by integration name. None yet: each one is added here. */
export const PERMIT_PROVIDERS: Partial<Record<typeof PROJECT_PERMIT_INTEGRATION, PermitProvider>> = {};

export async function checkProjectPermit(call: ResourceCall, projectId: string, permit: string): Promise<ProjectPermitCheck> {
  const access = authorize(projectResource, call, 'read');
  const project = await loadScoped(call.deps.db, projectResource, access, projectId, false);
  const assetId = String(project.assetId);
  const integration = await call.deps.db.integrationConfig.findFirst({
    where: { assetId, name: PROJECT_PERMIT_INTEGRATION, enabled: true },
    select: { config: true },
  });
  if (!integration) throw AppError.conflict(PROJECT_MESSAGES.permitIntegrationOff, { integration: PROJECT_PERMIT_INTEGRATION });
  const provider = PERMIT_PROVIDERS[PROJECT_PERMIT_INTEGRATION];
  if (!provider) throw AppError.conflict(PROJECT_MESSAGES.permitProviderMissing, { integration: PROJECT_PERMIT_INTEGRATION });
  return provider.check(call.deps, { assetId, projectId: String(project.id), permit, config: integration.config });
}
