import {
  IMPORT_KIND_SPECS,
  IMPORT_MESSAGES,
  importColumnsOf,
  isValidPhone,
  listingRuleErrors,
  slugOf,
  toPhoneNumber,
  type ImportColumn,
  type ImportKind,
  type ImportKindSpec,
  type ImportRowError,
} from '@crm/domain';
import { managedUserRows, userRefusalMessage } from '../../core/user-management.js';
import type { Access } from '../../resources/resource-access.js';
import type { ResourceDefinition, ResourceDeps, Row } from '../../resources/resource.types.js';
import { listingResource } from '../listings/index.js';
import { userResource } from '../admin/index.js';
import { memberResource } from '../members/index.js';
import { developerResource, projectResource } from '../projects/index.js';

// What each import kind adds to the shared flow: its resource (the write path), how a row finds its record (the
// natural key), and the rules the kind's service applies beyond the create schema.

export interface RowKey {
  /** The column the key is matched on and the value (as stored, or matched ignoring case). */
  column: string;
  value: string;
  /** Compared ignoring case (emails). */
  insensitive: boolean;
}

/** A row of the file as the plan reads it: its number, its body (ids resolved) and its problems so far. */
export interface CheckedRow {
  row: number;
  body: Row;
  errors: ImportRowError[];
}

export interface NamedRecord {
  resource: ResourceDefinition;
  column: 'name' | 'email';
}

export interface ImportTarget {
  spec: ImportKindSpec;
  resource: ResourceDefinition;
  columns: ImportColumn[];
  /** The fields of which at least one must be mapped to find a row's record. */
  keyFields: readonly string[];
  /** The row's key; null when the row has none (the create schema then says what is missing). */
  keyOf: (body: Row) => RowKey | null;
  /** The body to create with and the one to update with (default: the same). */
  prepare: (body: Row) => { create: Row; update: Row };
  /** The kind's own rules on one row (pure). */
  rowErrors: (body: Row, row: number) => ImportRowError[];
  /** The records the spec's `byName` (`byEmail`) fields name, by field: found by that column in the caller's tenancy. */
  named: Readonly<Record<string, NamedRecord>>;
  /**
   * The kind's rules that read the database, over every row at once once names are resolved (a member's login must be
   * an account the importer may act on): each adds its problems to the row's errors, so the dry run shows them too.
   */
  checkRows?: (deps: Pick<ResourceDeps, 'db'>, access: Access, rows: readonly CheckedRow[]) => Promise<void>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const same = (body: Row) => ({ create: body, update: body });

function define(
  kind: ImportKind,
  resource: ResourceDefinition,
  facts: Omit<ImportTarget, 'spec' | 'resource' | 'columns' | 'named'> & { named?: ImportTarget['named'] },
): ImportTarget {
  const spec = IMPORT_KIND_SPECS[kind];
  const named = facts.named ?? {};
  const lookups = [
    ...(spec.byName ?? []).map((field) => ({ field, column: 'name' })),
    ...(spec.byEmail ?? []).map((field) => ({ field, column: 'email' })),
  ];
  for (const { field, column } of lookups)
    if (named[field]?.column !== column) throw new Error(`Import of ${kind}: no record found by the ${column} in '${field}'`);
  return { spec, resource, columns: importColumnsOf(spec), ...facts, named };
}

const listings = define('listings', listingResource, {
  keyFields: ['reference'],
  keyOf: (body) => (text(body.reference) ? { column: 'reference', value: text(body.reference), insensitive: false } : null),
  prepare: same,
  rowErrors: (body, row) =>
    Object.entries(
      listingRuleErrors({
        leadType: typeof body.leadType === 'string' ? body.leadType : undefined,
        rentFrequency: typeof body.rentFrequency === 'string' ? body.rentFrequency : null,
        permitNumber: typeof body.permitNumber === 'string' ? body.permitNumber : null,
        permitExpiresAt: typeof body.permitExpiresAt === 'string' ? body.permitExpiresAt : null,
      }),
    ).flatMap(([field, messages]) => messages.map((message) => ({ row, field, message }))),
});

// A project is found by its slug, or by its name when the file has no slug (then a new one gets the name's slug,
// and an update keeps the slug it has). Its developer is named by the developer's name.
const projects = define('projects', projectResource, {
  named: { developer: { resource: developerResource, column: 'name' } },
  keyFields: ['slug', 'name'],
  keyOf: (body) => {
    if (text(body.slug)) return { column: 'slug', value: text(body.slug), insensitive: false };
    if (text(body.name)) return { column: 'name', value: text(body.name), insensitive: false };
    return null;
  },
  prepare: (body) =>
    text(body.slug) || !text(body.name) ? same(body) : { create: { ...body, slug: slugOf(text(body.name)) }, update: body },
  rowErrors: () => [],
});

// A member is found by email (ignoring case); the phone is checked with its code and stored as '+<code><number>'. Their
// login is named by the user's email; linking it is the member write's rule (member-links.ts), refused per row.
const members = define('members', memberResource, {
  named: { user: { resource: userResource, column: 'email' } },
  checkRows: async (deps, access, rows) => {
    const ids = [...new Set(rows.flatMap(({ body }) => (typeof body.user === 'string' ? [body.user] : [])))];
    if (!ids.length) return;
    const users = new Map((await managedUserRows(deps.db, access.actor, ids)).map((user) => [user.id, user]));
    for (const read of rows) {
      const user = typeof read.body.user === 'string' ? users.get(read.body.user) : undefined;
      const message = user ? userRefusalMessage(access.actor, user) : null;
      if (message) read.errors.push({ row: read.row, field: 'user', message });
    }
  },
  keyFields: ['email'],
  keyOf: (body) => (text(body.email) ? { column: 'email', value: text(body.email).toLowerCase(), insensitive: true } : null),
  prepare: (body) => {
    const phoneNumber = body.phone ? toPhoneNumber(text(body.phoneCode), text(body.phone)) : null;
    const email = text(body.email) ? { email: text(body.email).toLowerCase() } : {};
    return same({ ...body, ...email, ...(phoneNumber ? { phoneNumber } : {}) });
  },
  rowErrors: (body, row) => {
    if (!text(body.phone)) return [];
    if (!text(body.phoneCode)) return [{ row, field: 'phoneCode', message: IMPORT_MESSAGES.phoneCodeMissing }];
    return isValidPhone(text(body.phoneCode), text(body.phone)) ? [] : [{ row, field: 'phone', message: IMPORT_MESSAGES.phoneInvalid }];
  },
});

export const IMPORT_TARGETS: Readonly<Record<ImportKind, ImportTarget>> = { listings, projects, members };
