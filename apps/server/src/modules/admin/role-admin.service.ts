import { ADMIN_MESSAGES, ROLE_CODES, roleCodeOf, type RoleInput, type RoleRecord } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { Prisma } from '../../generated/prisma/client.js';
import { assertMayGrantRole } from '../../core/user-management.js';
import { guardSuperAdmins } from './super-admin-guard.js';
import { logAdminChange } from './admin-activity.js';

// Admin > User Roles, the writes. SUPER_ADMIN is never changed nor removed; nobody hands out a permission
// they lack (SUPER_ACCESS included); a role still given to users is not removed. The users of a changed role get its permissions at their
// next request (resolveActor reads the role every time), so a report taken away answers 403 at once.

type RoleDeps = Pick<AppDeps, 'db' | 'log'>;
const M = ADMIN_MESSAGES.role;

type RoleRow = Prisma.RoleGetPayload<true>;

function toRecord(row: RoleRow): RoleRecord {
  return {
    _id: row.id,
    company: row.companyId,
    name: row.name,
    code: row.code,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Nobody writes (or changes) a role holding a permission they lack: roles would be a way around every other rule. */
const assertMayGrant = (deps: RoleDeps, actor: Actor, role: { code: string; permissions: string[] }) =>
  assertMayGrantRole(actor, role, deps.log);

/** A role of the caller's company that may be changed: another company's is a 404, SUPER_ADMIN a 409. */
async function changeableRole(deps: RoleDeps, actor: Actor, id: string): Promise<RoleRow> {
  const role = await deps.db.role.findFirst({ where: { id, companyId: actor.companyId } });
  if (!role) throw AppError.notFound(M.notFound);
  if (role.code === ROLE_CODES.SUPER_ADMIN) throw AppError.conflict(M.superAdminLocked);
  assertMayGrant(deps, actor, role);
  return role;
}

/** What the activity log keeps of a role. */
function auditOf(role: { name: string; code: string; permissions: string[] }) {
  return { name: role.name, code: role.code, permissions: role.permissions };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** POST user-roles/create: a custom role, its code taken from its name. */
export async function createRole(deps: RoleDeps, actor: Actor, input: RoleInput): Promise<RoleRecord> {
  assertMayGrant(deps, actor, { code: roleCodeOf(input.name), permissions: input.permissions });
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const created = await tx.role.create({
        data: { companyId: actor.companyId, name: input.name, code: roleCodeOf(input.name), permissions: [...new Set(input.permissions)] },
      });
      await logAdminChange(
        tx,
        actor,
        { action: 'create', subjectType: 'roles', subjectId: created.id, after: auditOf(created) },
        new Date(),
      );
      return created;
    });
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(M.codeTaken, { name: [M.codeTaken] });
    throw error;
  }
}

/** PATCH user-roles/{id}/matrix: the name and the permission matrix. */
export async function updateRole(deps: RoleDeps, actor: Actor, id: string, input: RoleInput): Promise<RoleRecord> {
  const before = await changeableRole(deps, actor, id);
  assertMayGrant(deps, actor, { code: before.code, permissions: input.permissions });
  const row = await deps.db.$transaction((tx) =>
    guardSuperAdmins(tx, actor.companyId, async () => {
      const updated = await tx.role.update({ where: { id }, data: { name: input.name, permissions: [...new Set(input.permissions)] } });
      await logAdminChange(
        tx,
        actor,
        { action: 'update', subjectType: 'roles', subjectId: id, before: auditOf(before), after: auditOf(updated) },
        new Date(),
      );
      return updated;
    }),
  );
  return toRecord(row);
}

/** POST user-roles/{id}/remove: only a role no user holds. */
export async function removeRole(deps: RoleDeps, actor: Actor, id: string): Promise<RoleRecord> {
  const role = await changeableRole(deps, actor, id);
  const holders = await deps.db.user.count({ where: { roleId: id } });
  if (holders > 0) throw AppError.conflict(M.inUse(holders));
  await deps.db.$transaction(async (tx) => {
    await tx.role.delete({ where: { id } });
    await logAdminChange(tx, actor, { action: 'delete', subjectType: 'roles', subjectId: id, before: auditOf(role) }, new Date());
  });
  return toRecord(role);
}
