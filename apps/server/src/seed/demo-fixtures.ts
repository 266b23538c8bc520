import { createHash } from 'node:crypto';
import { ROLE_CODES, type CustomerType, type RoleCode } from '@crm/domain';

// The fixed content of the demo data (docs/api.md 'Demo data'). Everything here is plain data; the rows are
// built by demo-data.ts and demo-leads.ts. Ids are derived from stable keys so every seed gives the same ids.

/**
 * The demo logins' password. It is guessable on purpose (easy to type in a demo) and fails the password policy
 * (docs/product.md 'Password policy'): the seed writes its hash directly, and no user action can set it.
 */
export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_COMPANY_NAME = 'Engage Realty';

/** A stable uuid (version 4 layout) for a demo row, e.g. demoId('marina:lead:3'). */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`engage-crm-demo:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type AssetKey = 'marina' | 'downtown';
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

/** Member slots the lead scenarios refer to; every asset fills each one. */
export type MemberSlot = 'manager' | 'a' | 'b' | 'c' | 'disabled' | 'test';

export interface MemberFixture {
  slot: MemberSlot;
  name: string;
  user?: UserKey;
  designation: string;
  office: number;
  department: number;
  groups: number[];
  leadWeight?: number;
}

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
  agent: MemberSlot;
}

export interface ProjectFixture {
  name: string;
  developer: number;
  location: string;
  bedrooms: number[];
  unitTypes: string[];
  amenities: string[];
  minPrice: number;
  maxPrice: number;
  agents: MemberSlot[];
  completionYear: number;
}

export interface CustomerFixture {
  firstName: string;
  lastName: string;
  type: CustomerType;
}

export interface AssetFixture {
  key: AssetKey;
  name: string;
  refPrefix: string;
  offices: string[];
  members: MemberFixture[];
  listings: ListingFixture[];
  developers: string[];
  projects: ProjectFixture[];
  customers: CustomerFixture[];
}

export const DEPARTMENTS = ['Sales', 'Leasing', 'Off Plan'] as const;
export const GROUPS = ['Luxury Team', 'Rental Squad'] as const;

const client = (firstName: string, lastName: string): CustomerFixture => ({ firstName, lastName, type: 'Client' });

export const DEMO_ASSETS: readonly AssetFixture[] = [
  {
    key: 'marina',
    name: 'Dubai Marina Office',
    refPrefix: 'MAR',
    offices: ['Marina Walk Branch', 'JLT Branch'],
    members: [
      { slot: 'manager', name: 'Sara Al Mansoori', user: 'manager', designation: 'Sales Manager', office: 0, department: 0, groups: [0] },
      { slot: 'a', name: 'Aisha Khan', user: 'agent', designation: 'Senior Property Consultant', office: 0, department: 0, groups: [0] },
      { slot: 'b', name: 'Ravi Menon', designation: 'Leasing Consultant', office: 1, department: 1, groups: [1] },
      { slot: 'c', name: 'Elena Petrova', designation: 'Off Plan Specialist', office: 0, department: 2, groups: [0, 1], leadWeight: 2 },
      { slot: 'disabled', name: 'Mark Collins', designation: 'Property Consultant', office: 1, department: 0, groups: [] },
      { slot: 'test', name: 'Test Agent Marina', designation: 'QA', office: 0, department: 0, groups: [] },
    ],
    listings: [
      {
        title: '2BR with full marina view',
        leadType: 'Sale',
        unitType: 'Apartment',
        location: 'Dubai Marina',
        subLocation: 'Marina Gate 1',
        community: 'Dubai Marina',
        bedrooms: 2,
        bathrooms: 3,
        price: 2_850_000,
        amenities: ['Balcony', 'Covered Parking'],
        agent: 'a',
      },
      {
        title: 'Signature villa on the frond',
        leadType: 'Sale',
        unitType: 'Villa',
        location: 'Palm Jumeirah',
        subLocation: 'Frond G',
        community: 'Palm Jumeirah',
        bedrooms: 5,
        bathrooms: 6,
        price: 18_500_000,
        amenities: ['Maids Room', 'Balcony'],
        agent: 'c',
      },
      {
        title: 'Beachfront penthouse',
        leadType: 'Sale',
        unitType: 'Penthouse',
        location: 'Jumeirah Beach Residence',
        subLocation: 'Sadaf 7',
        community: 'JBR',
        bedrooms: 4,
        bathrooms: 5,
        price: 9_900_000,
        amenities: ['Balcony', 'Concierge Service'],
        agent: 'b',
      },
      {
        title: 'Upgraded townhouse near the park',
        leadType: 'Sale',
        unitType: 'Townhouse',
        location: 'Emirates Hills',
        subLocation: 'The Springs 4',
        community: 'The Springs',
        bedrooms: 3,
        bathrooms: 3,
        price: 3_600_000,
        amenities: ['Built in Wardrobes'],
        agent: 'disabled',
      },
      {
        title: 'Furnished studio by the metro',
        leadType: 'Rent',
        unitType: 'Studio',
        location: 'Jumeirah Lake Towers',
        subLocation: 'Cluster D',
        community: 'JLT',
        bedrooms: 0,
        bathrooms: 1,
        price: 62_000,
        amenities: ['Furnished'],
        agent: 'b',
      },
      {
        title: '1BR with sea view',
        leadType: 'Rent',
        unitType: 'Apartment',
        location: 'Dubai Marina',
        subLocation: 'Cayan Tower',
        community: 'Dubai Marina',
        bedrooms: 1,
        bathrooms: 2,
        price: 115_000,
        amenities: ['Balcony', 'Central A/C'],
        agent: 'a',
      },
      {
        title: 'Family apartment, chiller free',
        leadType: 'Rent',
        unitType: 'Apartment',
        location: 'Jumeirah Beach Residence',
        subLocation: 'Rimal 3',
        community: 'JBR',
        bedrooms: 3,
        bathrooms: 4,
        price: 240_000,
        amenities: ['Covered Parking', 'Maids Room'],
        agent: 'b',
      },
      {
        title: 'Fitted office, lake view',
        leadType: 'Rent',
        unitType: 'Office',
        location: 'Jumeirah Lake Towers',
        subLocation: 'Mazaya Business Avenue',
        community: 'JLT',
        bedrooms: 0,
        bathrooms: 1,
        price: 180_000,
        amenities: ['Central A/C'],
        agent: 'test',
      },
    ],
    developers: ['Emaar Properties', 'Nakheel', 'DAMAC Properties'],
    projects: [
      {
        name: 'Marina Shores',
        developer: 0,
        location: 'Dubai Marina',
        bedrooms: [1, 2, 3],
        unitTypes: ['Apartment'],
        amenities: ['Balcony', 'Concierge Service'],
        minPrice: 1_400_000,
        maxPrice: 4_200_000,
        agents: ['a', 'c'],
        completionYear: 2027,
      },
      {
        name: 'Palm Beach Towers',
        developer: 1,
        location: 'Palm Jumeirah',
        bedrooms: [1, 2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Balcony', 'Maid Service'],
        minPrice: 2_300_000,
        maxPrice: 12_000_000,
        agents: ['c'],
        completionYear: 2028,
      },
      {
        name: 'Cavalli Tower',
        developer: 2,
        location: 'Dubai Marina',
        bedrooms: [2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Concierge Service', 'Furnished'],
        minPrice: 3_100_000,
        maxPrice: 25_000_000,
        agents: ['b', 'c'],
        completionYear: 2026,
      },
    ],
    customers: [
      client('Omar', 'Farouk'),
      client('Jessica', 'Miller'),
      client('Ahmed', 'Qasim'),
      client('Natalia', 'Ivanova'),
      client('Rahul', 'Kapoor'),
      client('Claire', 'Dubois'),
      client('Khalid', 'Saeed'),
      client('Mei', 'Lin'),
      client('Tom', 'Becker'),
      client('Noura', 'Hamdan'),
      client('Lucas', 'Silva'),
      client('Hana', 'Yousef'),
      client('George', 'Wilson'),
      client('Amira', 'Nasser'),
      client('Viktor', 'Sokolov'),
      client('Zainab', 'Ali'),
      { firstName: 'Bilal', lastName: 'Realty', type: 'External Agent' },
      { firstName: 'Grace', lastName: 'Homes', type: 'External Agent' },
      { firstName: 'Promo', lastName: 'Sender', type: 'Spam' },
      { firstName: 'Unknown', lastName: 'Caller', type: 'Spam' },
    ],
  },
  {
    key: 'downtown',
    name: 'Downtown Office',
    refPrefix: 'DTN',
    offices: ['Boulevard Branch', 'Business Bay Branch'],
    members: [
      { slot: 'manager', name: 'Sara Al Mansoori', user: 'manager', designation: 'Sales Manager', office: 0, department: 0, groups: [0] },
      {
        slot: 'a',
        name: 'Daniel Roberts',
        user: 'agent2',
        designation: 'Senior Property Consultant',
        office: 0,
        department: 0,
        groups: [0],
      },
      { slot: 'b', name: 'Fatima Noor', designation: 'Leasing Consultant', office: 1, department: 1, groups: [1] },
      { slot: 'c', name: 'Yusuf Rahman', designation: 'Off Plan Specialist', office: 1, department: 2, groups: [0, 1], leadWeight: 2 },
      { slot: 'disabled', name: 'Priya Sharma', designation: 'Property Consultant', office: 0, department: 0, groups: [] },
      { slot: 'test', name: 'Test Agent Downtown', designation: 'QA', office: 0, department: 0, groups: [] },
    ],
    listings: [
      {
        title: 'Burj view 2BR on the boulevard',
        leadType: 'Sale',
        unitType: 'Apartment',
        location: 'Downtown Dubai',
        subLocation: 'Boulevard Point',
        community: 'Downtown Dubai',
        bedrooms: 2,
        bathrooms: 2,
        price: 3_400_000,
        amenities: ['Balcony', 'Concierge Service'],
        agent: 'a',
      },
      {
        title: 'Canal-facing penthouse',
        leadType: 'Sale',
        unitType: 'Penthouse',
        location: 'Business Bay',
        subLocation: 'Volante Tower',
        community: 'Business Bay',
        bedrooms: 4,
        bathrooms: 5,
        price: 12_750_000,
        amenities: ['Maids Room', 'Balcony'],
        agent: 'c',
      },
      {
        title: 'Modern villa by the golf course',
        leadType: 'Sale',
        unitType: 'Villa',
        location: 'Dubai Hills Estate',
        subLocation: 'Sidra 2',
        community: 'Dubai Hills',
        bedrooms: 4,
        bathrooms: 5,
        price: 6_900_000,
        amenities: ['Covered Parking', 'Built in Wardrobes'],
        agent: 'b',
      },
      {
        title: 'Loft in DIFC',
        leadType: 'Sale',
        unitType: 'Loft',
        location: 'DIFC',
        subLocation: 'Index Tower',
        community: 'DIFC',
        bedrooms: 1,
        bathrooms: 2,
        price: 2_150_000,
        amenities: ['Central A/C'],
        agent: 'disabled',
      },
      {
        title: 'Studio next to Dubai Mall',
        leadType: 'Rent',
        unitType: 'Studio',
        location: 'Downtown Dubai',
        subLocation: 'Burj Royale',
        community: 'Downtown Dubai',
        bedrooms: 0,
        bathrooms: 1,
        price: 75_000,
        amenities: ['Furnished'],
        agent: 'b',
      },
      {
        title: '1BR with canal view',
        leadType: 'Rent',
        unitType: 'Apartment',
        location: 'Business Bay',
        subLocation: 'Executive Towers',
        community: 'Business Bay',
        bedrooms: 1,
        bathrooms: 1,
        price: 98_000,
        amenities: ['Balcony'],
        agent: 'a',
      },
      {
        title: 'Townhouse near the park',
        leadType: 'Rent',
        unitType: 'Townhouse',
        location: 'City Walk',
        subLocation: 'Building 12',
        community: 'City Walk',
        bedrooms: 3,
        bathrooms: 4,
        price: 285_000,
        amenities: ['Covered Parking', 'Maids Room'],
        agent: 'b',
      },
      {
        title: 'Grade A office floor',
        leadType: 'Rent',
        unitType: 'Office',
        location: 'DIFC',
        subLocation: 'Gate Village 5',
        community: 'DIFC',
        bedrooms: 0,
        bathrooms: 2,
        price: 420_000,
        amenities: ['Central A/C'],
        agent: 'test',
      },
    ],
    developers: ['Emaar Properties', 'Sobha Realty', 'Meraas'],
    projects: [
      {
        name: 'Grande Signature Residences',
        developer: 0,
        location: 'Downtown Dubai',
        bedrooms: [1, 2, 3, 4],
        unitTypes: ['Apartment', 'Penthouse'],
        amenities: ['Concierge Service', 'Balcony'],
        minPrice: 2_000_000,
        maxPrice: 15_000_000,
        agents: ['a', 'c'],
        completionYear: 2027,
      },
      {
        name: 'Sobha One',
        developer: 1,
        location: 'Business Bay',
        bedrooms: [1, 2, 3],
        unitTypes: ['Apartment'],
        amenities: ['Balcony'],
        minPrice: 1_300_000,
        maxPrice: 4_800_000,
        agents: ['c'],
        completionYear: 2026,
      },
      {
        name: 'City Walk Crestlane',
        developer: 2,
        location: 'City Walk',
        bedrooms: [2, 3, 4],
        unitTypes: ['Apartment', 'Townhouse'],
        amenities: ['Covered Parking'],
        minPrice: 2_800_000,
        maxPrice: 9_500_000,
        agents: ['b', 'c'],
        completionYear: 2028,
      },
    ],
    customers: [
      client('Yara', 'Haddad'),
      client('James', 'Turner'),
      client('Fahad', 'Al Marri'),
      client('Sofia', 'Rossi'),
      client('Arjun', 'Nair'),
      client('Emma', 'Schmidt'),
      client('Majid', 'Karim'),
      client('Olga', 'Smirnova'),
      client('Ben', 'Carter'),
      client('Reem', 'Abbas'),
      client('Diego', 'Martinez'),
      client('Salma', 'Aziz'),
      client('Peter', 'Novak'),
      client('Leila', 'Rahimi'),
      client('Chen', 'Wei'),
      client('Mariam', 'Saleh'),
      { firstName: 'Skyline', lastName: 'Brokers', type: 'External Agent' },
      { firstName: 'Prime', lastName: 'Estates', type: 'External Agent' },
      { firstName: 'Crypto', lastName: 'Offers', type: 'Spam' },
      { firstName: 'Robo', lastName: 'Dialer', type: 'Spam' },
    ],
  },
];

const MOBILE_PREFIXES = ['50', '52', '54', '55', '56', '58'] as const;

/** A valid UAE mobile number (national part, 9 digits) for the n-th person of an asset. */
export function demoPhone(assetIndex: number, n: number): string {
  const prefix = MOBILE_PREFIXES[n % MOBILE_PREFIXES.length] ?? '50';
  return `${prefix}${String(1_000_000 + assetIndex * 400_000 + n * 7_919).padStart(7, '0')}`;
}

export const UAE_PHONE_CODE = '+971';

export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function emailOf(name: string, domain: string): string {
  return `${slugify(name).replace(/-/g, '.')}@${domain}`;
}
