import { PERMISSIONS as P, ROLE_CODES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';
import { actorCan, assertActorCan, assetOfActor } from './authorization.js';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 'u1',
  sessionId: 's1',
  companyId: 'c1',
  email: 'a@example.com',
  fullName: 'Ann',
  roleCode: 'AGENT',
  permissions: [P.LEADS_REPORT_VIEW],
  isRootUser: false,
  assetId: 'a1',
  assetIds: ['a1', 'a2'],
  ...overrides,
});

describe('the asset a call works in', () => {
  it('is the named one when it is the caller’s, else the active one', () => {
    expect(assetOfActor(actor())).toBe('a1');
    expect(assetOfActor(actor(), 'a2')).toBe('a2');
    expect(assetOfActor(actor(), null)).toBe('a1');
  });
  it('refuses an asset that is not the caller’s, and a caller with no asset', () => {
    expect(() => assetOfActor(actor(), 'a9')).toThrow(AppError);
    expect(() => assetOfActor(actor({ assetId: null, assetIds: [] }))).toThrow(/no asset/);
  });
});

describe('permissions', () => {
  it('checks any-of or all-of; SUPER_ADMIN holds every code', () => {
    expect(actorCan(actor(), [P.LEADS_REPORT_VIEW, P.MEMBERS_VIEW])).toBe(true);
    expect(actorCan(actor(), [P.LEADS_REPORT_VIEW, P.MEMBERS_VIEW], 'all')).toBe(false);
    expect(actorCan(actor({ roleCode: ROLE_CODES.SUPER_ADMIN, permissions: [] }), [P.MEMBERS_VIEW], 'all')).toBe(true);
  });
  it('logs a denial with what was asked, then refuses with 403', () => {
    const lines: unknown[] = [];
    const log = { warn: (entry: unknown) => void lines.push(entry) };
    expect(() => assertActorCan(actor(), [P.MEMBERS_VIEW], { log, what: { url: '/api/teams/members' } })).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(lines).toEqual([expect.objectContaining({ event: 'permission.denied', userId: 'u1', url: '/api/teams/members' })]);
    assertActorCan(actor(), [P.LEADS_REPORT_VIEW], { log });
    expect(lines).toHaveLength(1);
  });
});
