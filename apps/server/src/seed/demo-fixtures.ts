import { ROLE_CODES, type RoleCode } from '@crm/domain';
import type { DemoAssetKey } from '../core/demo-data.js';

// The seed's own part of the demo data (docs/api.md 'Demo data'): the company, its assets and the demo logins. Plain
// data, written by demo-data.ts; each asset's team, listings, projects, customers and leads are their modules'.

/**
 * The demo logins' password. It is guessable on purpose (easy to type in a demo) and fails the password policy
 * (docs/product.md 'Password policy'): the seed writes its hash directly, and no user action can set it.
 */
export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_COMPANY_NAME = 'Engage Realty';

export type AssetKey = DemoAssetKey;
export type UserKey = 'admin' | 'manager' | 'agent' | 'agent2';

export interface DemoUser {
  key: UserKey;
  email: string;
  fullName: string;
  role: RoleCode;
  assets: AssetKey[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  { key: 'admin', email: 'admin@example.com', fullName: 'Hassan Al Farsi', role: ROLE_CODES.SUPER_ADMIN, assets: ['marina', 'downtown'] },
  { key: 'manager', email: 'manager@example.com', fullName: 'Sara Al Mansoori', role: ROLE_CODES.MANAGER, assets: ['marina', 'downtown'] },
  { key: 'agent', email: 'agent@example.com', fullName: 'Aisha Khan', role: ROLE_CODES.AGENT, assets: ['marina'] },
  { key: 'agent2', email: 'agent2@example.com', fullName: 'Daniel Roberts', role: ROLE_CODES.AGENT, assets: ['downtown'] },
];

/** A demo asset; its team, listings, projects, customers and leads are its modules' demo data (docs/architecture.md 'Seed'). */
export interface AssetFixture {
  key: AssetKey;
  name: string;
}

export const DEMO_ASSETS: readonly AssetFixture[] = [
  { key: 'marina', name: 'Dubai Marina Office' },
  { key: 'downtown', name: 'Downtown Office' },
];
