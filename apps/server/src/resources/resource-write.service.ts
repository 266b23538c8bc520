import type { z } from 'zod';
import type { ActivityAction, CustomFieldRule } from '@crm/domain';
import { AppError } from '../core/app-error.js';
import { validationError } from '../core/error-envelope.js';
import { deliverEventsOf, deliverRecordedEvents, type RecordedEvents, recordEvents } from '../core/events/domain-event-outbox.js';
import type { DbTx } from '../db/prisma.js';
import { Prisma } from '../generated/prisma/client.js';
import { recordActivity } from './activity-log.js';
import { checkedCustomFields, customFieldsOutcome } from './custom-field-rules.js';
import { invalidateCachedCounts, tenancyOf } from './count-cache.js';
import { RESERVED_COLUMNS } from './resource-define.js';
import { scopeWhere } from './query-plan.js';
import { authorize, type Access } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import { nextPlace } from './resource-order-place.js';
import { serializeRow } from './resource-serializer.js';
import { defaultSelection, loadScoped, notFound, type ResourceCall } from './resource.service.js';
import type { ApiRecord, CommittedChange, FieldDef, ResourceDefinition, Row } from './resource.types.js';

// The write side: create, patch, chekinio (upsert by sourceDataId), soft delete, restore, force delete.
// Tenancy columns come from the caller, never from the body; foreign keys must point inside the caller's tenancy.

export function parseBody(schema: z.ZodType<Row> | undefined, body: unknown): Row {
  if (!schema) throw AppError.notFound();
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** API names -> columns. Body schemas are checked against the whitelist at boot; this is the runtime guard. */
function toColumns(def: ResourceDefinition, body: Row, access: Access): Row {
  const data: Row = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    // A to-many relation's ids are the hooks' to write (ResourceFacts.relationWrites).
    if (value === undefined || def.facts.relationWrites?.includes(key)) continue;
    const field = def.fields.get(key);
    if (field?.column === 'assetId') {
      // The tenancy comes from the caller; a body may only repeat it (use ?asset= to work in another asset).
      if (value !== null && value !== '' && value !== access.assetId)
        throw AppError.validation({ [key]: ['Asset must be the active asset.'] });
      continue;
    }
    if (!field || RESERVED_COLUMNS.has(field.column)) throw AppError.validation({ [key]: [`Unknown field '${key}'.`] });
    if (field.type === 'uuid' && value === '') data[field.column] = null;
    else if (field.type === 'date' && typeof value === 'string') data[field.column] = new Date(value);
    // A Decimal column given a plain number is inlined into the SQL, so Prisma compiles that write anew for every
    // value; as a Decimal it is a parameter and the write's plan is cached.
    else if (field.type === 'decimal' && typeof value === 'number') data[field.column] = new Prisma.Decimal(value);
    else data[field.column] = value;
  }
  return data;
}

function assertSensitiveWrite(def: ResourceDefinition, body: Row, access: Access) {
  if (access.sensitive) return;
  const touched = Object.keys(body).filter((key) => body[key] !== undefined && def.fields.get(key)?.sensitive);
  if (touched.length) throw AppError.forbidden(`You do not have permission to change ${touched.join(', ')}.`);
}

async function checkRefs(tx: DbTx, def: ResourceDefinition, data: Row, access: Access) {
  const problems: Record<string, string[]> = {};
  for (const field of def.fields.values()) {
    const value = data[field.column];
    if (!field.ref || typeof value !== 'string') continue;
    const scope = field.ref.scope === 'asset' ? { assetId: access.assetId } : { companyId: access.actor.companyId };
    const found = await delegateOf(tx, field.ref.model).count({ where: { id: value, ...scope } });
    if (!found) problems[field.name] = [`${field.ref.label} not found.`];
  }
  if (Object.keys(problems).length) throw AppError.validation(problems, Object.values(problems)[0]?.[0]);
}

function apiNames(def: ResourceDefinition, columns: unknown): string {
  const list = Array.isArray(columns) ? columns.map(String) : typeof columns === 'string' ? [columns] : [];
  const byColumn = new Map([...def.fields.values()].map((f: FieldDef) => [f.column, f.name]));
  return list
    .map((c) => byColumn.get(c) ?? c)
    .filter((n) => n !== 'asset')
    .join(', ');
}

/** Database constraint failures as envelope errors (409/404), never as SQL text. */
export async function guarded<T>(def: ResourceDefinition, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError)) throw error;
    const meta = (error.meta ?? {}) as { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown } } } };
    if (error.code === 'P2002') {
      const fields = apiNames(def, meta.target ?? meta.driverAdapterError?.cause?.constraint?.fields);
      throw AppError.conflict(
        `A ${def.label} with the same ${fields || 'values'} already exists.`,
        fields ? { fields: fields.split(', ') } : undefined,
      );
    }
    if (error.code === 'P2003') throw AppError.conflict(`This ${def.label} is still used by other records.`);
    if (error.code === 'P2025') throw notFound(def);
    throw error;
  }
}

/** After a commit: the tenancy's cached totals of the resource (and of those its hooks change) are retired. */
export async function dropCachedTotals(call: ResourceCall, def: ResourceDefinition, access: Access): Promise<void> {
  await invalidateCachedCounts(call.deps, def, tenancyOf(def, access));
  for (const other of def.facts.invalidates?.() ?? []) await invalidateCachedCounts(call.deps, other, tenancyOf(other, access));
}

/** Runs a write (its transaction) and, once it has committed, retires the tenancy's cached totals. */
async function written<T>(call: ResourceCall, def: ResourceDefinition, access: Access, run: () => Promise<T>): Promise<T> {
  const result = await guarded(def, run);
  await dropCachedTotals(call, def, access);
  return result;
}

/** docs/architecture.md 'The activity log': every write below leaves its row here, in its own transaction. */
function logWrite(
  tx: DbTx,
  call: ResourceCall,
  def: ResourceDefinition,
  access: Access,
  write: { action: ActivityAction; id: string; before?: ApiRecord | null; after?: ApiRecord | null },
): Promise<void> {
  const entry = {
    userId: call.actor.userId,
    companyId: call.actor.companyId,
    assetId: access.assetId,
    action: write.action,
    subjectType: def.contract.name,
    subjectId: write.id,
    before: write.before ?? null,
    after: write.after ?? null,
  };
  return recordActivity(tx, [entry], call.deps.clock.now());
}

/**
 * A record with custom fields keeps the values checked against its kind's definitions: on create always (a required
 * field must be given), on update when the body sends values (merged into the stored ones). `rules`: the definitions
 * when the caller has read them already (an import reads them once for all its rows).
 */
async function customValues(
  tx: DbTx,
  def: ResourceDefinition,
  access: Access,
  write: { body: Row; data: Row; existing?: Row | undefined; rules?: readonly CustomFieldRule[] | undefined },
) {
  const { body, data, existing, rules } = write;
  const kind = def.facts.customFieldKind;
  if (!kind || !access.assetId || (existing && body.customFields === undefined)) return;
  if (!rules) {
    data.customFields = await checkedCustomFields(tx, { assetId: access.assetId, kind }, body.customFields, existing?.customFields);
    return;
  }
  const outcome = customFieldsOutcome(rules, body.customFields, existing?.customFields);
  if (outcome instanceof AppError) throw outcome;
  data.customFields = outcome;
}

/** The events a write recorded, kept beside its record until its afterCommit delivers them (no read back). */
const recordedOf = new WeakMap<ApiRecord, RecordedEvents>();

/** The write's domain events (the resource's `events`), in its transaction, about its record. */
async function recordResourceEvents(
  tx: DbTx,
  call: ResourceCall,
  def: ResourceDefinition,
  change: CommittedChange,
  scope: { companyId: string; assetId: string | null },
) {
  const events = def.facts.hooks?.events?.(change, scope) ?? [];
  if (!events.length) return;
  const subject = { type: def.path, id: change.record._id };
  const recorded = await recordEvents(
    tx,
    events.map((event) => ({ ...event, companyId: scope.companyId, subject })),
    call.deps.clock.now(),
  );
  recordedOf.set(change.record, recorded);
}

export async function insert(
  tx: DbTx,
  call: ResourceCall,
  def: ResourceDefinition,
  access: Access,
  body: Row,
  rules?: readonly CustomFieldRule[],
): Promise<ApiRecord> {
  const data = toColumns(def, body, access);
  await checkRefs(tx, def, data, access);
  await customValues(tx, def, access, { body, data, rules });
  Object.assign(data, await nextPlace(tx, def, access, data));
  const scope = { assetId: access.assetId, companyId: call.actor.companyId };
  const extra = (await def.facts.hooks?.beforeCreate?.({ tx, actor: call.actor, deps: call.deps, body, data, scope })) ?? {};
  const row = await delegateOf(tx, def.model).create({
    data: {
      ...data,
      ...extra,
      ...(def.has.assetId ? { assetId: access.assetId } : {}),
      ...(def.has.companyId ? { companyId: call.actor.companyId } : {}),
      ...(def.has.creatorId ? { creatorId: call.actor.userId } : {}),
      ...(def.has.updatedById ? { updatedById: call.actor.userId } : {}),
    },
    select: defaultSelection(def, access).select,
  });
  const record = serializeRow(row, defaultSelection(def, access));
  await logWrite(tx, call, def, access, { action: 'create', id: record._id, after: record });
  await recordResourceEvents(tx, call, def, { record, body, created: true, before: null }, scope);
  return record;
}

export async function update(
  tx: DbTx,
  call: ResourceCall,
  def: ResourceDefinition,
  access: Access,
  existing: Row,
  body: Row,
  rules?: readonly CustomFieldRule[],
): Promise<ApiRecord> {
  assertSensitiveWrite(def, body, access);
  const data = toColumns(def, body, access);
  await checkRefs(tx, def, data, access);
  await customValues(tx, def, access, { body, data, existing, rules });
  const scope = { assetId: access.assetId, companyId: call.actor.companyId };
  const extra = (await def.facts.hooks?.beforeUpdate?.({ tx, actor: call.actor, deps: call.deps, body, data, scope, existing })) ?? {};
  const row = await delegateOf(tx, def.model).update({
    where: { id: existing.id },
    data: { ...data, ...extra, ...(def.has.updatedById ? { updatedById: call.actor.userId } : {}) },
    select: defaultSelection(def, access).select,
  });
  const selection = defaultSelection(def, access);
  const record = serializeRow(row, selection);
  await logWrite(tx, call, def, access, { action: 'update', id: record._id, before: serializeRow(existing, selection), after: record });
  await recordResourceEvents(tx, call, def, { record, body, created: false, before: existing }, scope);
  return record;
}

/** The write's events delivered, then the resource's afterCommit hook: neither fails the write that has committed. */
export async function afterCommit(
  call: ResourceCall,
  def: ResourceDefinition,
  record: ApiRecord,
  body: Row,
  created: boolean,
  before: Row | null = null,
  removed = false,
) {
  const recorded = recordedOf.get(record);
  if (recorded) {
    recordedOf.delete(record);
    await deliverRecordedEvents(call.deps, recorded);
  } else if (def.facts.hooks?.events && !removed) await deliverEventsOf(call.deps, def.path, [record._id]);
  const hook = def.facts.hooks?.afterCommit;
  if (!hook) return;
  try {
    await hook(call.deps, { record, body, created, before, ...(removed ? { removed } : {}) });
  } catch (error) {
    call.deps.log.warn({ err: error, resource: def.path, id: record._id }, 'after-commit work failed');
  }
}

/**
 * Creates one record through the resource's checks, hooks and activity log. `schema` replaces the create body's
 * schema for a server-side writer whose body is narrower (a customer known only by a WhatsApp message has no email).
 */
export async function createRecord(
  call: ResourceCall,
  def: ResourceDefinition,
  body: unknown,
  options: { schema?: z.ZodType<Row> } = {},
): Promise<ApiRecord> {
  const access = authorize(def, call, 'create');
  const input = parseBody(options.schema ?? def.createSchema, body);
  const record = await written(call, def, access, () => call.deps.db.$transaction((tx) => insert(tx, call, def, access, input)));
  await afterCommit(call, def, record, input, true);
  return record;
}

export async function patchRecord(call: ResourceCall, def: ResourceDefinition, id: string, body: unknown): Promise<ApiRecord> {
  const access = authorize(def, call, 'update');
  const input = parseBody(def.updateSchema, body);
  let before: Row | null = null;
  const record = await written(call, def, access, () =>
    call.deps.db.$transaction(async (tx) => {
      before = await loadScoped(tx, def, access, id, false);
      return update(tx, call, def, access, before, input);
    }),
  );
  await afterCommit(call, def, record, input, false, before);
  return record;
}

/** POST {path}/chekinio: creates, or updates the live record with the same upsert key (sourceDataId). */
export async function upsertRecord(
  call: ResourceCall,
  def: ResourceDefinition,
  body: unknown,
): Promise<{ data: ApiRecord; created: boolean }> {
  const key = def.upsertKey;
  if (!key) throw AppError.notFound();
  const access = authorize(def, call, 'create');
  authorize(def, call, 'update');
  let input: Row;
  if (def.upsertSchema) input = parseBody(def.upsertSchema, body);
  else {
    // The upsert key need not be part of the create schema: take it off, parse the rest.
    const { [key]: value, ...rest } = (body !== null && typeof body === 'object' ? body : {}) as Row;
    if (typeof value !== 'string' || !value.trim() || value.length > 200) throw AppError.validation({ [key]: [`${key} is required.`] });
    input = { ...parseBody(def.createSchema, rest), [key]: value.trim() };
  }
  const column = def.fields.get(key)?.column ?? key;
  const result = await written(call, def, access, () =>
    call.deps.db.$transaction(async (tx) => {
      // Two integrators sending the same record at once must not both insert it.
      await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`${def.path}:${access.assetId ?? call.actor.companyId}:${String(input[key])}`}))`;
      const existing = await delegateOf(tx, def.model).findFirst({
        where: { ...scopeWhere(def, access), [column]: input[key] },
        orderBy: { createdAt: 'asc' },
      });
      if (existing) return { data: await update(tx, call, def, access, existing, input), created: false, before: existing as Row };
      return { data: await insert(tx, call, def, access, input), created: true, before: null };
    }),
  );
  await afterCommit(call, def, result.data, input, result.created, result.before);
  return { data: result.data, created: result.created };
}

/** DELETE {path}/{id}: soft delete where the resource has it, else a delete for good. */
export async function removeRecord(call: ResourceCall, def: ResourceDefinition, id: string): Promise<ApiRecord> {
  const access = authorize(def, call, 'delete');
  const selection = defaultSelection(def, access);
  let before: Row | null = null;
  const removed = await written(call, def, access, () =>
    call.deps.db.$transaction(async (tx) => {
      const existing = await loadScoped(tx, def, access, id, false);
      before = existing;
      const scope = { assetId: access.assetId, companyId: call.actor.companyId };
      await def.facts.hooks?.beforeRemove?.({ tx, actor: call.actor, deps: call.deps, scope, existing });
      const model = delegateOf(tx, def.model);
      const row = def.softDelete
        ? await model.update({
            where: { id: existing.id },
            data: { deletedAt: call.deps.clock.now(), ...(def.has.updatedById ? { updatedById: call.actor.userId } : {}) },
            select: selection.select,
          })
        : await model.delete({ where: { id: existing.id }, select: selection.select });
      const record = serializeRow(row, selection);
      await logWrite(tx, call, def, access, { action: 'delete', id: record._id, before: serializeRow(existing, selection) });
      return record;
    }),
  );
  await afterCommit(call, def, removed, {}, false, before, true);
  return removed;
}

/** GET {path}/{id}/restore: undoes a soft delete (a live record answers as it is). */
export async function restoreRecord(call: ResourceCall, def: ResourceDefinition, id: string): Promise<ApiRecord> {
  const access = authorize(def, call, 'delete');
  if (!def.softDelete) throw AppError.notFound();
  const selection = defaultSelection(def, access);
  let before: Row | null = null;
  const restored = await written(call, def, access, () =>
    call.deps.db.$transaction(async (tx) => {
      const existing = await loadScoped(tx, def, access, id, 'any');
      before = existing;
      const row = await delegateOf(tx, def.model).update({
        where: { id: existing.id },
        data: { deletedAt: null, ...(def.has.updatedById ? { updatedById: call.actor.userId } : {}) },
        select: selection.select,
      });
      const record = serializeRow(row, selection);
      await logWrite(tx, call, def, access, { action: 'restore', id: record._id, after: record });
      return record;
    }),
  );
  await afterCommit(call, def, restored, {}, false, before);
  return restored;
}

/** DELETE {path}/{id}/force: removes for good, deleted or not; a record still referenced is a 409. */
export async function forceRemoveRecord(call: ResourceCall, def: ResourceDefinition, id: string): Promise<ApiRecord> {
  const access = authorize(def, call, 'forceDelete');
  const selection = defaultSelection(def, access);
  let before: Row | null = null;
  const removed = await written(call, def, access, () =>
    call.deps.db.$transaction(async (tx) => {
      const existing = await loadScoped(tx, def, access, id, 'any');
      before = existing;
      const record = serializeRow(
        await delegateOf(tx, def.model).delete({ where: { id: existing.id }, select: selection.select }),
        selection,
      );
      await logWrite(tx, call, def, access, { action: 'forceDelete', id: record._id, before: serializeRow(existing, selection) });
      return record;
    }),
  );
  await afterCommit(call, def, removed, {}, false, before, true);
  return removed;
}
