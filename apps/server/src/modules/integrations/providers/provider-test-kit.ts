import { ROLE_CODES } from '@crm/domain';
import { createRole, createUser, loginAs } from '../../../../test/factories.js';
import type { TestContext } from '../../../../test/test-app.js';
import type { LeadWorld } from '../../leads/lead-test-kit.js';

// Tests only: what the provider tests share (a super admin of the lead world's asset, calls to its integrations, and
// waiting for a job's effect).

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function superAdminOf(ctx: TestContext, world: LeadWorld): Promise<{ authorization: string }> {
  const role = await createRole(ctx, [], { company: world.company, code: ROLE_CODES.SUPER_ADMIN });
  return loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
}

/** `api('PATCH', 'integrations/sendgrid', body)`: a call under /api/assets/{asset}/ with the given headers. */
export function assetApi(ctx: TestContext, world: LeadWorld, headers: { authorization: string }) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/assets/${world.asset.id}/${path}`, headers, ...(payload ? { payload } : {}) });
}
