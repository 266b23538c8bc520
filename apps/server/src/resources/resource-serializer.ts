import type { AnyResourceContract, ContractRecord, ContractRow } from '@crm/domain';
import { Prisma } from '../generated/prisma/client.js';
import type { ApiRecord, FieldDef, Row } from './resource.types.js';
import type { SelectPlan } from './query-plan.js';

// Database rows -> API records (docs/api.md 'Answers'): API names (`_id`, `asset`...), ISO dates, Decimal as number, only the
// whitelisted (and, for sensitive fields, permitted) fields: the plan decides which.

export function toJsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (Prisma.Decimal.isDecimal(value)) return value.toNumber();
  return value;
}

/** Database values as an export writes them: dates stay instants (each file writes them in the caller's zone). */
export function toExportValue(value: unknown): unknown {
  return value instanceof Date ? value : toJsonValue(value);
}

type ValueConverter = (value: unknown) => unknown;

function pick(row: Row, fields: readonly FieldDef[], convert: ValueConverter): Row {
  const out: Row = {};
  for (const f of fields) if (f.column in row) out[f.name] = convert(row[f.column]);
  return out;
}

export function serializeRow(row: Row, plan: Pick<SelectPlan, 'fields' | 'populate'>, convert: ValueConverter = toJsonValue): ApiRecord {
  // Every plan selects `_id` (query-plan.ts).
  const out = pick(row, plan.fields, convert) as ApiRecord;
  for (const { def, fields } of plan.populate) {
    const related = row[def.relation];
    if (def.fromOne) out[def.name] = related && typeof related === 'object' ? [pick(related as Row, fields, convert)] : [];
    else if (Array.isArray(related)) out[def.name] = related.map((item: Row) => pick(item, fields, convert));
    else out[def.name] = related && typeof related === 'object' ? pick(related as Row, fields, convert) : null;
  }
  return out;
}

/**
 * A serialized record as its contract's type. The engine builds records from the contract's own fields, so the shapes
 * agree; each door checks the answer against the contract's schema on its way out (REST's response serializer,
 * tRPC's `.output()`), and resource-contracts.test.ts holds every resource's real answers to it, made strict.
 */
export function asContractRecord<C extends AnyResourceContract>(_contract: C, record: ApiRecord): ContractRecord<C> {
  return record as unknown as ContractRecord<C>;
}

/** A list row (`_id` and what `select` chose) as its contract's type; see asContractRecord. */
export function asContractRow<C extends AnyResourceContract>(_contract: C, record: ApiRecord): ContractRow<C> {
  return record as unknown as ContractRow<C>;
}
