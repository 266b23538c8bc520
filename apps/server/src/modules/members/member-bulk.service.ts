import {
  closesReportingCycle,
  MEMBER_CALL_PERMISSIONS,
  MEMBER_MESSAGES as M,
  type MemberBulkUpdateInputSchema,
  type MemberBulkResult,
} from '@crm/domain';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { assertActorCan, assetOfActor } from '../../core/authorization.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/error-envelope.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { LEAD_TX_OPTIONS, leadResource } from '../leads/index.js';
import { reportingLines } from './member.resource.js';
import { leavesRouting, reassignOpenLeads } from './member-routing.service.js';

export type MemberDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env' | 'jobs' | 'mailer'> & Partial<Pick<AppDeps, 'redis'>>;
export interface MemberCall {
  deps: MemberDeps;
  /** Its assetId is the active asset, or the one ?asset= named (resolved by the auth plugin). */
  actor: Actor;
}

export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The asset a member call works in, after the permission check. */
export function memberAsset(
  call: MemberCall,
  codes: readonly (typeof MEMBER_CALL_PERMISSIONS)[keyof typeof MEMBER_CALL_PERMISSIONS][number][],
) {
  assertActorCan(call.actor, codes, { log: call.deps.log });
  return assetOfActor(call.actor);
}

const MEMBER_SELECT = {
  id: true,
  name: true,
  enabled: true,
  isLeadProcessEnabled: true,
  isTest: true,
  departmentId: true,
  reportedToId: true,
  groups: { select: { id: true } },
} as const;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The activity row's before and after of one member: only the fields the bulk update changed for them. */
function bulkChanges(
  member: {
    enabled: boolean;
    isLeadProcessEnabled: boolean;
    departmentId: string | null;
    reportedToId: string | null;
    groups: { id: string }[];
  },
  changes: z.infer<typeof MemberBulkUpdateInputSchema>['changes'],
  changed: readonly string[],
) {
  const was: Record<string, unknown> = {
    enabled: member.enabled,
    isLeadProcessEnabled: member.isLeadProcessEnabled,
    department: member.departmentId,
    reportedTo: member.reportedToId,
    groups: member.groups.map((g) => g.id).sort(),
  };
  const now: Record<string, unknown> = { ...changes, groups: [...new Set(changes.groups ?? [])].sort() };
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, now[key] ?? null])),
  };
}

/**
 * PATCH bulk-update: the same changes for many members of the asset, in one transaction. Every problem is found
 * first and answered together, per member id (another asset's member, a reporting loop); then nothing is stored.
 * Members who leave routing hand their open unaccepted leads on in the same transaction.
 */
export async function bulkUpdateMembers(call: MemberCall, input: z.output<typeof MemberBulkUpdateInputSchema>): Promise<MemberBulkResult> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { ids, changes } = input;
  const unique = [...new Set(ids)];
  const now = call.deps.clock.now();
  return withUnitOfWork(
    call.deps,
    call.actor,
    async (uow) => {
      const { tx } = uow;
      const members = await tx.teamMember.findMany({ where: { id: { in: unique }, assetId, deletedAt: null }, select: MEMBER_SELECT });
      const byId = new Map(members.map((m) => [m.id, m]));
      const problems: Record<string, string[]> = {};
      for (const id of unique) if (!byId.has(id)) problems[id] = [M.notInAsset];
      if (changes.department && !(await tx.department.count({ where: { id: changes.department, assetId, deletedAt: null } })))
        problems['changes.department'] = [M.departmentNotFound];
      if (changes.groups?.length) {
        const found = await tx.group.count({ where: { id: { in: changes.groups }, assetId, deletedAt: null } });
        if (found !== new Set(changes.groups).size) problems['changes.groups'] = [M.groupNotFound];
      }
      if (changes.reportedTo) {
        const lines = await reportingLines(tx, assetId);
        if (!lines.has(changes.reportedTo)) problems['changes.reportedTo'] = [M.managerNotFound];
        // The loop check sees every member of the batch already moved under the new manager.
        for (const id of byId.keys()) lines.set(id, changes.reportedTo);
        for (const id of byId.keys()) {
          if (id === changes.reportedTo) problems[id] = [M.reportsToSelf];
          else if (closesReportingCycle(id, changes.reportedTo, lines)) problems[id] = [M.reportingCycle];
        }
      }
      const first = Object.values(problems)[0]?.[0];
      if (first) throw AppError.validation(problems, first);

      const updated: MemberBulkResult['updated'] = [];
      for (const id of unique) {
        const member = byId.get(id);
        if (!member) continue;
        const changed: MemberBulkResult['updated'][number]['changed'] = [];
        if (changes.enabled !== undefined && changes.enabled !== member.enabled) changed.push('enabled');
        if (changes.isLeadProcessEnabled !== undefined && changes.isLeadProcessEnabled !== member.isLeadProcessEnabled)
          changed.push('isLeadProcessEnabled');
        if (changes.department !== undefined && changes.department !== member.departmentId) changed.push('department');
        if (changes.reportedTo !== undefined && changes.reportedTo !== member.reportedToId) changed.push('reportedTo');
        const groupIds = member.groups.map((g) => g.id);
        if (changes.groups !== undefined && !sameSet(groupIds, [...new Set(changes.groups)])) changed.push('groups');
        let leadsReassigned = 0;
        if (changed.length) {
          await tx.teamMember.update({
            where: { id },
            data: {
              ...(changed.includes('enabled') ? { enabled: changes.enabled } : {}),
              ...(changed.includes('isLeadProcessEnabled') ? { isLeadProcessEnabled: changes.isLeadProcessEnabled } : {}),
              ...(changed.includes('department') ? { departmentId: changes.department } : {}),
              ...(changed.includes('reportedTo') ? { reportedToId: changes.reportedTo } : {}),
              ...(changed.includes('groups') ? { groups: { set: (changes.groups ?? []).map((g) => ({ id: g })) } } : {}),
              updatedById: call.actor.userId,
            },
          });
          const after = {
            enabled: changes.enabled ?? member.enabled,
            isLeadProcessEnabled: changes.isLeadProcessEnabled ?? member.isLeadProcessEnabled,
            isTest: member.isTest,
          };
          uow.activity({ action: 'update', subjectType: 'members', subjectId: id, assetId, ...bulkChanges(member, changes, changed) });
          if (leavesRouting(member, after)) leadsReassigned = await reassignOpenLeads(tx, assetId, id, call.actor, now);
        }
        updated.push({ _id: id, name: member.name, changed, leadsReassigned });
      }
      // Lead owners moved: the Leads report's cached totals of the asset are stale.
      if (updated.some((u) => u.leadsReassigned > 0)) uow.countsChanged(leadResource, assetId);
      return { updated };
    },
    LEAD_TX_OPTIONS,
  );
}
