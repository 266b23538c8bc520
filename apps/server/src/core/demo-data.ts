import { createHash } from 'node:crypto';

// What every module's demo seed shares (docs/architecture.md 'Seed'): stable ids for the rows a seed writes itself,
// the demo's UAE phone numbers and e-mail addresses. Plain functions: the modules' demo seeds and the seed's
// orchestration (apps/server/src/seed) import them.

/** The demo assets, as the modules' demo data is keyed. */
export type DemoAssetKey = 'marina' | 'downtown';

/** A stable uuid (version 4 layout) for a demo row, e.g. demoId('marina:listing:3'). */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`engage-crm-demo:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const MOBILE_PREFIXES = ['50', '52', '54', '55', '56', '58'] as const;

export const UAE_PHONE_CODE = '+971';

/** A valid UAE mobile number (national part, 9 digits) for the n-th person of an asset. */
export function demoPhone(assetIndex: number, n: number): string {
  const prefix = MOBILE_PREFIXES[n % MOBILE_PREFIXES.length] ?? '50';
  return `${prefix}${String(1_000_000 + assetIndex * 400_000 + n * 7_919).padStart(7, '0')}`;
}

export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function emailOf(name: string, domain: string): string {
  return `${slugify(name).replace(/-/g, '.')}@${domain}`;
}

/** The demo team's members, by role in the demo data (the lead scenarios, listing and project agents). */
export type DemoSlot = 'manager' | 'a' | 'b' | 'c' | 'disabled' | 'test';

/** A demo listing: what the listings' demo seed writes and the demo leads ask about. */
export interface ListingFixture {
  title: string;
  leadType: 'Sale' | 'Rent';
  unitType: string;
  location: string;
  subLocation: string;
  community: string;
  bedrooms: number;
  bathrooms: number;
  price: number;
  amenities: string[];
  agent: DemoSlot;
}

/** A demo off-plan project: what the projects' demo seed writes and the demo leads ask about. */
export interface ProjectFixture {
  name: string;
  developer: number;
  location: string;
  bedrooms: number[];
  unitTypes: string[];
  amenities: string[];
  minPrice: number;
  maxPrice: number;
  agents: DemoSlot[];
  completionYear: number;
}
