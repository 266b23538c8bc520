import { Prisma } from '../generated/prisma/client.js';
import { FILTER_LIMITS, coerceScalar, escapeLike, filterError, unescapeRegex } from './filter-compiler.js';
import type { FieldDef, Where } from './resource.types.js';

// Conditions on one custom field's value (`customFields.<key>`), a key inside a JSON column. The compiler sends a
// field here only when the asset defines it; values are checked against its type and options like a column's, and
// Prisma binds them. A missing key counts as no value ($eq null, $exists false, and $ne / $nin match it).

function at(field: FieldDef, condition: Record<string, unknown>): Where {
  return { [field.column]: { path: [field.jsonKey], ...condition } };
}

function value(field: FieldDef, raw: unknown, path: string): string | number | boolean {
  const scalar = coerceScalar(field, raw, path);
  if (scalar instanceof Date) throw filterError(path, `'${field.name}' expects a value.`);
  return scalar;
}

function missing(field: FieldDef): Where {
  return { OR: [at(field, { equals: Prisma.AnyNull }), { NOT: at(field, { not: Prisma.AnyNull }) }] };
}

function equalTo(field: FieldDef, raw: unknown, path: string): Where {
  if (raw === null) return missing(field);
  const scalar = value(field, raw, path);
  return field.type === 'string[]' ? at(field, { array_contains: [scalar] }) : at(field, { equals: scalar });
}

function anyOf(field: FieldDef, raw: unknown, path: string): Where {
  if (!Array.isArray(raw)) throw filterError(path, `'${field.name}' expects an array here.`);
  if (raw.length > FILTER_LIMITS.MAX_IN) throw filterError(path, `At most ${FILTER_LIMITS.MAX_IN} values are allowed.`);
  if (raw.length === 0) return { id: { in: [] } };
  return { OR: raw.map((item, i) => equalTo(field, item, `${path}.${i}`)) };
}

function not(field: FieldDef, where: Where): Where {
  return { OR: [{ NOT: where }, missing(field)] };
}

export function jsonCondition(field: FieldDef, spec: unknown, path: string): Where {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return equalTo(field, spec, path);
  const entries = Object.entries(spec as Record<string, unknown>);
  if (entries.length === 0) throw filterError(path, `Empty condition for '${field.name}'.`);
  const parts = entries.map(([op, raw]): Where => {
    const here = `${path}.${op}`;
    switch (op) {
      case '$eq':
        return equalTo(field, raw, here);
      case '$ne':
        return raw === null ? { NOT: missing(field) } : not(field, equalTo(field, raw, here));
      case '$in':
        return anyOf(field, raw, here);
      case '$nin':
        return not(field, anyOf(field, raw, here));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (field.type !== 'float' && field.type !== 'string') throw filterError(here, `${op} does not apply to '${field.name}'.`);
        return at(field, { [op.slice(1)]: value(field, raw, here) });
      case '$regex':
        if (field.type !== 'string') throw filterError(here, `$regex does not apply to '${field.name}'.`);
        if (typeof raw !== 'string' || raw.length > FILTER_LIMITS.MAX_STRING) throw filterError(here, '$regex expects a string.');
        // Like a column's $regex: a literal part of the text, whatever its case (LIKE's wildcards escaped).
        return at(field, { string_contains: escapeLike(unescapeRegex(raw)), mode: 'insensitive' });
      case '$options':
        return {};
      case '$exists':
        if (typeof raw !== 'boolean') throw filterError(here, '$exists expects true or false.');
        return raw ? { NOT: missing(field) } : missing(field);
      default:
        throw filterError(here, `Unknown operator '${op}'.`);
    }
  });
  const kept = parts.filter((p) => Object.keys(p).length > 0);
  return kept.length === 1 ? (kept[0] as Where) : { AND: kept };
}
