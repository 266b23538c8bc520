import { VIEWING_MESSAGES as M } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';
import { readViewingSettings } from '../assets/index.js';

/**
 * A new viewing's columns that come from elsewhere: the lead's customer always; its listing, project and agent
 * unless the body names them (null names none); the duration from the asset's viewing settings unless given.
 */
export async function viewingDefaults({ tx, body, scope }: WriteHookInput): Promise<Row> {
  if (!scope.assetId || typeof body.lead !== 'string') return {};
  const lead = await tx.lead.findFirst({
    where: { id: body.lead, assetId: scope.assetId, deletedAt: null },
    select: { customerId: true, listingId: true, projectId: true, agentId: true },
  });
  if (!lead) throw AppError.validation({ lead: [M.leadNotFound] }, M.leadNotFound);
  const settings = await readViewingSettings(tx, scope.assetId);
  return {
    customerId: lead.customerId,
    ...(body.listing === undefined ? { listingId: lead.listingId } : {}),
    ...(body.project === undefined ? { projectId: lead.projectId } : {}),
    ...(body.agent === undefined ? { agentId: lead.agentId } : {}),
    ...(typeof body.durationMinutes === 'number' ? {} : { durationMinutes: settings.defaultDurationMinutes }),
  };
}
