import { describe, expect, it } from 'vitest';
import { baseFields, defineContract, escapeRegex, f } from '@crm/domain';
import { AppError } from '../core/app-error.js';
import { compileQuery, escapeLike, FILTER_LIMITS, MATCH_ALL, MATCH_NONE, unescapeRegex } from './filter-compiler.js';
import { defineResource } from './resource-define.js';

// The compiler alone (no database): operators -> Prisma where, and every way of abusing it -> 400.
const contract = defineContract({
  name: 'things',
  path: 'test/things',
  label: { one: 'thing', many: 'things' },
  scope: 'asset',
  fields: {
    ...baseFields(),
    name: f.string({ label: 'Name' }),
    note: f.string({ label: 'Note', nullable: true }),
    secret: f.string({ label: 'Secret', nullable: true, sensitive: true }),
    stage: f.enum(['New', 'Closed'], { label: 'Stage' }),
    count: f.int({ label: 'Count', nullable: true }),
    price: f.money({ label: 'Price', nullable: true }),
    enabled: f.boolean({ label: 'Enabled' }),
    startDate: f.date({ label: 'Start', nullable: true }),
    tags: f.strings({ label: 'Tags' }),
    developer: f.ref('developers', { label: 'Developer' }),
    meta: f.json({ label: 'Meta' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  permissions: { read: [] },
});
const def = defineResource(contract, { model: 'project' });

const compile = (query: unknown, sensitive = true) => compileQuery(def.fields, query, { sensitive });
const ID = '0b0b2f4e-5a4c-4d1e-9f57-2f1c8a9d7e11';

function rejects(query: unknown, pattern: RegExp, status = 400) {
  try {
    compile(query);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.statusCode).toBe(status);
    expect(`${appError.message} ${JSON.stringify(appError.data ?? {})}`).toMatch(pattern);
    return;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be rejected`);
}

describe('filter compiler: operators', () => {
  it('compiles plain equality per type, mapping API names to columns', () => {
    expect(compile({ name: 'a' })).toEqual({ name: 'a' });
    expect(compile({ developer: ID.toUpperCase() })).toEqual({ developerId: ID });
    expect(compile({ _id: ID })).toEqual({ id: ID });
    expect(compile({ enabled: false })).toEqual({ enabled: false });
    expect(compile({ startDate: '2026-01-02T03:04:05Z' })).toEqual({ startDate: new Date('2026-01-02T03:04:05Z') });
    expect(compile({ tags: 'pool' })).toEqual({ tags: { has: 'pool' } });
    expect(compile({ tags: ['a', 'b'] })).toEqual({ tags: { equals: ['a', 'b'] } });
    expect(compile({ name: 'a', enabled: true })).toEqual({ AND: [{ name: 'a' }, { enabled: true }] });
  });

  it('compiles null equality by nullability', () => {
    expect(compile({ note: null })).toEqual({ note: null });
    expect(compile({ name: null })).toEqual(MATCH_NONE);
    expect(compile({ note: { $ne: null } })).toEqual({ note: { not: null } });
    expect(compile({ name: { $ne: null } })).toEqual(MATCH_ALL);
  });

  it('compiles $eq, $ne (which also matches empty values, as in Mongo)', () => {
    expect(compile({ name: { $eq: 'a' } })).toEqual({ name: 'a' });
    expect(compile({ name: { $ne: 'a' } })).toEqual({ name: { not: 'a' } });
    expect(compile({ note: { $ne: 'a' } })).toEqual({ OR: [{ note: { not: 'a' } }, { note: null }] });
    expect(compile({ tags: { $ne: 'a' } })).toEqual({ NOT: { tags: { has: 'a' } } });
  });

  it('compiles $in and $nin, with null members and empty lists', () => {
    expect(compile({ stage: { $in: ['New', 'Closed'] } })).toEqual({ stage: { in: ['New', 'Closed'] } });
    expect(compile({ note: { $in: ['a', null] } })).toEqual({ OR: [{ note: { in: ['a'] } }, { note: null }] });
    expect(compile({ note: { $in: [] } })).toEqual(MATCH_NONE);
    expect(compile({ note: { $nin: ['a'] } })).toEqual({ OR: [{ note: { notIn: ['a'] } }, { note: null }] });
    expect(compile({ note: { $nin: ['a', null] } })).toEqual({ AND: [{ note: { notIn: ['a'] } }, { note: { not: null } }] });
    expect(compile({ name: { $nin: [] } })).toEqual(MATCH_ALL);
    expect(compile({ tags: { $in: ['a', 'b'] } })).toEqual({ tags: { hasSome: ['a', 'b'] } });
    expect(compile({ tags: { $nin: ['a'] } })).toEqual({ NOT: { tags: { hasSome: ['a'] } } });
  });

  it('compiles ranges on numbers, decimals, dates and strings', () => {
    expect(compile({ count: { $gt: 1, $lte: 5 } })).toEqual({ AND: [{ count: { gt: 1 } }, { count: { lte: 5 } }] });
    expect(compile({ price: { $gte: 10.5 } })).toEqual({ price: { gte: 10.5 } });
    expect(compile({ startDate: { $lt: '2026-02-01' } })).toEqual({ startDate: { lt: new Date('2026-02-01') } });
    expect(compile({ name: { $gte: 'm' } })).toEqual({ name: { gte: 'm' } });
  });

  it('compiles $exists', () => {
    expect(compile({ note: { $exists: true } })).toEqual({ note: { not: null } });
    expect(compile({ note: { $exists: false } })).toEqual({ note: null });
    expect(compile({ name: { $exists: true } })).toEqual(MATCH_ALL);
    expect(compile({ name: { $exists: false } })).toEqual(MATCH_NONE);
  });

  it('compiles $regex as a literal case-insensitive substring, LIKE wildcards escaped', () => {
    expect(compile({ name: { $regex: 'ab' } })).toEqual({ name: { contains: 'ab', mode: 'insensitive' } });
    expect(compile({ name: { $regex: '50%_a\\b', $options: 'i' } })).toEqual({ name: { contains: '50\\%\\_a\\\\b', mode: 'insensitive' } });
    expect(escapeLike('%_\\')).toBe('\\%\\_\\\\');
  });

  it('reads regex escapes the browser adds as the literal character', () => {
    const typed = '1+1 (new) a.b [x] $5 ^top c:\\d';
    expect(unescapeRegex(escapeRegex(typed))).toBe(typed);
    expect(unescapeRegex('a\\.b')).toBe('a.b');
    expect(unescapeRegex('a\\b')).toBe('a\\b');
  });

  it('compiles $or and $and', () => {
    expect(compile({ $or: [{ name: 'a' }, { stage: 'New' }] })).toEqual({ OR: [{ name: 'a' }, { stage: 'New' }] });
    expect(compile({ $and: [{ name: 'a' }, { $or: [{ count: 1 }, { count: 2 }] }] })).toEqual({
      AND: [{ name: 'a' }, { OR: [{ count: 1 }, { count: 2 }] }],
    });
  });
});

describe('filter compiler: refuses', () => {
  it('unknown fields, unfilterable fields and prototype keys', () => {
    rejects({ password: 'x' }, /Unknown field 'password'/);
    rejects({ meta: 'x' }, /Unknown field 'meta'/);
    rejects(JSON.parse('{"__proto__": {"name": "a"}}'), /Unknown field '__proto__'/);
    rejects({ constructor: 'x' }, /Unknown field 'constructor'/);
    rejects({ developerId: ID }, /Unknown field 'developerId'/);
  });

  it('unknown and server-side-code operators', () => {
    rejects({ $where: 'sleep(1000)' }, /Unknown operator '\$where'/);
    rejects({ name: { $where: '1' } }, /Unknown operator '\$where'/);
    rejects({ name: { $expr: {} } }, /Unknown operator/);
    rejects({ $nor: [{ name: 'a' }] }, /Unknown operator '\$nor'/);
    rejects({ name: { $options: 'i' } }, /\$options goes with \$regex/);
    rejects({ name: { $regex: 'a', $options: 'g' } }, /\$options/);
  });

  it('objects where a value is expected (operator injection), and nested operators', () => {
    rejects({ name: { a: 1 } }, /expects a value or operators/);
    rejects({ name: { $ne: { $gt: '' } } }, /expects a string/);
    rejects({ name: { $in: [{ $gt: '' }] } }, /expects a string/);
    rejects({ name: { $eq: ['a'] } }, /use \$in/);
    rejects({ name: ['a', 'b'] }, /use \$in/);
    rejects({ name: {} }, /Empty condition/);
    rejects({ note: { $regex: { $ne: null } } }, /\$regex expects a string/);
  });

  it('values of the wrong type', () => {
    rejects({ count: '5' }, /'count' expects an integer/);
    rejects({ count: 1.5 }, /expects an integer/);
    rejects({ price: 'cheap' }, /'price' expects a number/);
    rejects({ enabled: 'true' }, /expects true or false/);
    rejects({ developer: "1' OR '1'='1" }, /'developer' expects an id/);
    rejects({ startDate: 'yesterday' }, /expects an ISO date/);
    rejects({ startDate: '2026-13-45' }, /expects an ISO date/);
    rejects({ stage: 'Won' }, /must be one of: New, Closed/);
    rejects({ enabled: { $gt: true } }, /\$gt does not apply/);
    rejects({ tags: { $regex: 'a' } }, /\$regex does not apply/);
    rejects({ count: { $regex: '1' } }, /\$regex does not apply/);
    rejects({ note: { $exists: 'yes' } }, /\$exists expects true or false/);
    rejects({ note: { $in: 'a' } }, /expects an array/);
    rejects({ name: 'x'.repeat(FILTER_LIMITS.MAX_STRING + 1) }, /too long/);
  });

  it('passes SQL-looking text as a plain bound value', () => {
    expect(compile({ name: '\'; DROP TABLE "Project"; --' })).toEqual({ name: '\'; DROP TABLE "Project"; --' });
  });

  it('huge $in, deep nesting, wide $or and too many conditions', () => {
    rejects({ name: { $in: Array.from({ length: FILTER_LIMITS.MAX_IN + 1 }, (_, i) => `v${i}`) } }, /At most 500 values/);
    let deep: Record<string, unknown> = { name: 'a' };
    for (let i = 0; i <= FILTER_LIMITS.MAX_DEPTH; i++) deep = { $or: [deep] };
    rejects(deep, /nest at most/);
    rejects({ $or: Array.from({ length: FILTER_LIMITS.MAX_BRANCHES + 1 }, () => ({ name: 'a' })) }, /array of 1 to 20/);
    rejects({ $or: [] }, /array of 1 to 20/);
    rejects({ $or: { name: 'a' } }, /array of 1 to 20/);
    rejects({ $or: ['name'] }, /must be an object/);
    const many = { $and: Array.from({ length: 20 }, () => ({ $or: Array.from({ length: 10 }, () => ({ name: 'a' })) })) };
    rejects(many, /At most 100 conditions/);
  });

  it('sensitive fields without the permission (403)', () => {
    expect(() => compile({ secret: 'x' }, false)).toThrowError(/permission to filter by secret/);
    expect(compile({ secret: 'x' }, true)).toEqual({ secret: 'x' });
  });
});
