import { columnChanges } from '../../resources/activity-log.js';
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  CUSTOMER_CALL_MESSAGES as M,
  CUSTOMER_QUICK_LOGIN,
  customerContract,
  type ContractRecord,
  type CustomerLoginUrl,
  type CustomerLoginUrlInput,
  type CustomerPasswordInput,
  type CustomerQuickLoginInputSchema,
  type CustomerQuickLoginResult,
  type CustomerStatusInput,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { secretOf } from '../../core/server-secrets.js';
import type { Actor } from '../../core/actor.js';
import { tenancyOf } from '../../resources/count-cache.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { authorize, type Access } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import { defaultSelection, loadScoped } from '../../resources/resource.service.js';
import { asContractRecord, serializeRow } from '../../resources/resource-serializer.js';
import type { Row } from '../../resources/resource.types.js';
import { hashPassword } from '../auth/index.js';
import { customerResource } from './customer.resource.js';

// A customer's own login (docs/api.md 'Other calls'): password credentials (argon2id), the login switch, and the
// quick-login link. The link carries a signed JWT (its own key and audience, never valid as a staff token);
// only the live token's id and expiry are stored, so a new link replaces the old one and revoking is a clear.

export type CustomerDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env'> & Partial<Pick<AppDeps, 'redis'>>;
export interface CustomerCall {
  deps: CustomerDeps;
  actor: Actor;
}

/** A customer as the engine answers it. */
export type CustomerRecord = ContractRecord<typeof customerContract>;

const ALGORITHM = 'HS256';
const TOKEN_TYPE = 'customer-quick-login';

/** A key of its own, derived from JWT_SECRET, so a quick-login token can never pass as an access token. */
function quickLoginKey(env: CustomerDeps['env']): Uint8Array {
  return createHmac('sha256', secretOf(env, 'JWT_SECRET')).update(TOKEN_TYPE).digest();
}

const audienceOf = (env: CustomerDeps['env']) => `${env.JWT_AUDIENCE}:${TOKEN_TYPE}`;

/**
 * Loads the caller's customer (404 outside the asset), applies `data`, answers the record as the engine would. The
 * login switch is a list filter (`loginEnabled`), so the asset's cached customer totals go once the change commits.
 */
async function updateCustomerRow(
  call: CustomerCall,
  access: Access,
  id: string,
  change: (row: Row) => Promise<Row> | Row,
): Promise<CustomerRecord> {
  const def = customerResource;
  const selection = defaultSelection(def, access);
  return withUnitOfWork(call.deps, call.actor, async (uow) => {
    const { tx } = uow;
    const existing = await loadScoped(tx, def, access, id, false);
    const data = await change(existing);
    const row = await delegateOf(tx, def.model).update({
      where: { id: existing.id },
      data: { ...data, updatedById: call.actor.userId },
      select: selection.select,
    });
    const { before, after } = columnChanges(existing, data);
    uow.activity({
      action: 'update',
      subjectType: def.contract.name,
      subjectId: String(existing.id),
      assetId: access.assetId,
      before,
      after,
    });
    uow.countsChanged(def, tenancyOf(def, access));
    return asContractRecord(customerContract, serializeRow(row, selection));
  });
}

/** PATCH customers/{id}/add-credentials: first password; turns the customer's login on. */
export async function addCustomerCredentials(call: CustomerCall, id: string, { password }: CustomerPasswordInput): Promise<CustomerRecord> {
  const access = authorize(customerResource, call, 'update');
  const passwordHash = await hashPassword(password);
  return updateCustomerRow(call, access, id, (row) => {
    if (row.loginPasswordHash) throw AppError.conflict(M.credentialsExist);
    return { loginPasswordHash: passwordHash, loginEnabled: true };
  });
}

/** PATCH customers/{id}/change-password: replaces an existing password. */
export async function changeCustomerPassword(call: CustomerCall, id: string, { password }: CustomerPasswordInput): Promise<CustomerRecord> {
  const access = authorize(customerResource, call, 'update');
  const passwordHash = await hashPassword(password);
  return updateCustomerRow(call, access, id, (row) => {
    if (!row.loginPasswordHash) throw AppError.conflict(M.noCredentials);
    return { loginPasswordHash: passwordHash };
  });
}

/** PATCH customers/{id}/change-status: the login switch. Switching off also kills the live quick-login link. */
export async function changeCustomerStatus(call: CustomerCall, id: string, { enabled }: CustomerStatusInput): Promise<CustomerRecord> {
  const access = authorize(customerResource, call, 'update');
  return updateCustomerRow(call, access, id, () =>
    enabled ? { loginEnabled: true } : { loginEnabled: false, quickLoginTokenId: null, quickLoginExpiresAt: null },
  );
}

function assertActiveAsset(access: Access, asset: string | null | undefined) {
  if (asset && asset !== access.assetId) throw AppError.validation({ asset: ['Asset must be the active asset.'] });
}

/** POST customers/login-url: a new link (the previous one stops working), valid CUSTOMER_QUICK_LOGIN.TTL_HOURS. */
export async function createCustomerLoginUrl(call: CustomerCall, input: CustomerLoginUrlInput): Promise<CustomerLoginUrl> {
  const access = authorize(customerResource, call, 'update');
  assertActiveAsset(access, input.asset);
  const { env, clock } = call.deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + CUSTOMER_QUICK_LOGIN.TTL_HOURS * 3_600_000);
  const jti = randomUUID();
  await updateCustomerRow(call, access, input.customer, (row) => {
    if (!row.enabled) throw AppError.conflict(M.customerDisabled);
    if (!row.loginEnabled) throw AppError.conflict(M.loginDisabled);
    return { quickLoginTokenId: jti, quickLoginExpiresAt: expiresAt };
  });
  const token = await new SignJWT({ ast: access.assetId })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
    .setSubject(input.customer)
    .setJti(jti)
    .setIssuer(env.JWT_ISSUER)
    .setAudience(audienceOf(env))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(quickLoginKey(env));
  const url = new URL(CUSTOMER_QUICK_LOGIN.PATH, env.APP_URL);
  url.searchParams.set('token', token);
  return { customer: input.customer, url: url.toString(), expiresAt: expiresAt.toISOString() };
}

/** DELETE customers/login-url?customer=: the live link stops working (idempotent). */
export async function revokeCustomerLoginUrl(
  call: CustomerCall,
  customerId: string,
  asset?: string,
): Promise<{ customer: string; revoked: boolean }> {
  const access = authorize(customerResource, call, 'update');
  assertActiveAsset(access, asset);
  let revoked = false;
  await updateCustomerRow(call, access, customerId, (row) => {
    revoked = row.quickLoginTokenId !== null;
    return { quickLoginTokenId: null, quickLoginExpiresAt: null };
  });
  return { customer: customerId, revoked };
}

/**
 * POST customers/quick-login (public): the page a link opens proves its token here. Valid only while the
 * signature, expiry, the stored token id and the customer's switches all agree; every failure reads the same.
 */
export async function verifyCustomerQuickLogin(
  deps: CustomerDeps,
  { token }: z.infer<typeof CustomerQuickLoginInputSchema>,
): Promise<CustomerQuickLoginResult> {
  const invalid = () => AppError.unauthorized(M.quickLoginInvalid);
  let claims: { sub?: string; jti?: string; ast?: unknown };
  try {
    const { payload } = await jwtVerify(token, quickLoginKey(deps.env), {
      algorithms: [ALGORITHM],
      issuer: deps.env.JWT_ISSUER,
      audience: audienceOf(deps.env),
      typ: TOKEN_TYPE,
      currentDate: deps.clock.now(),
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    claims = payload;
  } catch {
    throw invalid();
  }
  if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.ast !== 'string') throw invalid();
  const customer = await deps.db.customer.findFirst({
    where: {
      id: claims.sub,
      assetId: claims.ast,
      deletedAt: null,
      enabled: true,
      loginEnabled: true,
      quickLoginTokenId: claims.jti,
      quickLoginExpiresAt: { gt: deps.clock.now() },
    },
    select: { id: true, customerID: true, fullName: true, assetId: true, quickLoginExpiresAt: true },
  });
  if (!customer?.quickLoginExpiresAt) throw invalid();
  return {
    customer: { _id: customer.id, customerID: customer.customerID, fullName: customer.fullName },
    asset: customer.assetId,
    expiresAt: customer.quickLoginExpiresAt.toISOString(),
  };
}
