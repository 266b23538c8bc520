import { CUSTOMER_CALL_MESSAGES, PERMISSIONS } from '@crm/domain';
import { actorCan } from '../../core/authorization.js';
import { AppError } from '../../core/app-error.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';

// Write rules of customers that need the database, run inside the engine's create/update transaction
// (customer.resource.ts hooks), so the check and the write cannot be split by a concurrent request.

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * One customer per phone number and per email in an asset (the lead form picks customers by them): a second
 * one is a 409 naming the existing customer, so the drawer can offer it instead. Transaction-scoped advisory
 * locks on the values serialise two requests adding the same number at once.
 */
export async function assertNoDuplicateCustomer(input: WriteHookInput, derived: Row): Promise<void> {
  const { tx, scope, body, existing } = input;
  if (!scope.assetId) return;
  const phoneNumber = 'phoneNumber' in derived ? text(derived.phoneNumber) : null;
  const email = 'email' in body ? text(body.email) : null;
  const phoneChanged = phoneNumber !== null && phoneNumber !== text(existing?.phoneNumber);
  const emailChanged = email !== null && email.toLowerCase() !== text(existing?.email)?.toLowerCase();
  const checks: { field: 'phone' | 'email'; where: Row; lock: string }[] = [];
  if (phoneChanged) checks.push({ field: 'phone', where: { phoneNumber }, lock: `phone:${phoneNumber}` });
  if (emailChanged)
    checks.push({ field: 'email', where: { email: { equals: email, mode: 'insensitive' } }, lock: `email:${email.toLowerCase()}` });
  if (!checks.length) return;
  // Locks in a fixed order, so two requests naming the same phone and email cannot deadlock.
  for (const lock of checks.map((c) => c.lock).sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`customers:${scope.assetId}:${lock}`}))`;
  }
  const excludeSelf = typeof existing?.id === 'string' ? { id: { not: existing.id } } : {};
  for (const check of checks) {
    const clash = await tx.customer.findFirst({
      where: { assetId: scope.assetId, deletedAt: null, ...excludeSelf, ...check.where },
      select: { id: true, customerID: true, fullName: true },
      orderBy: { createdAt: 'asc' },
    });
    if (!clash) continue;
    // A caller who may not see phone numbers and emails learns that the value is taken, not by whom.
    const named = actorCan(input.actor, [PERMISSIONS.VIEW_SENSITIVE_INFORMATION]) ? clash.customerID : undefined;
    const message = check.field === 'phone' ? CUSTOMER_CALL_MESSAGES.duplicatePhone(named) : CUSTOMER_CALL_MESSAGES.duplicateEmail(named);
    throw AppError.conflict(message, {
      fields: [check.field],
      ...(named ? { customer: { _id: clash.id, customerID: clash.customerID, fullName: clash.fullName } } : {}),
    });
  }
}
