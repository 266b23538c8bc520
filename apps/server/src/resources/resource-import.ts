import type { CustomFieldRule } from '@crm/domain';
import { isDependencyDown } from '../core/dependency-errors.js';
import { deliverEventsOf } from '../core/events/domain-event-outbox.js';
import type { DbTx } from '../db/prisma.js';
import { customFieldRules } from './custom-field-rules.js';
import { scopeWhere } from './query-plan.js';
import { authorize } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import { afterCommit, dropCachedTotals, guarded, insert, parseBody, update } from './resource-write.service.js';
import type { ResourceCall } from './resource.service.js';
import type { CommittedChange, ResourceDefinition, Row } from './resource.types.js';

// The write side of an import (modules/imports): each row updates the live record its natural key finds, else creates
// one, through the same checks, hooks and activity log as a create or a PATCH, and is committed or refused as a whole.
// Rows are written a batch to a transaction (one lock statement and one look-up for the batch, not a transaction
// of six round trips per row); when the write refuses any row of a batch, the batch is rolled back and its rows
// written again one transaction each, so only that row fails. What is the same for every row is done once per run:
// the create permission, the kind's custom field definitions (a definition changed mid-import applies to the next
// run), and after the commits the cached totals and the resource's afterCommit work, run together by `flush`.

/** How a row finds its record: the column and value (as stored, or matched ignoring case). */
export interface NaturalKey {
  column: string;
  value: string;
  insensitive: boolean;
}

export interface ImportedRow {
  key: NaturalKey;
  body: Row;
  /** What an update writes (default: `body`). */
  updateBody?: Row;
}

/** A row's outcome: written, or the error that refused it. */
export type ImportOutcome = { ok: true; created: boolean } | { ok: false; error: unknown };

export interface RecordImporter {
  /**
   * Writes the rows, each committed or refused as a whole; creating needs the create permission, updating the update
   * one too. Throws only when a dependency is down (PostgreSQL, Redis): then nothing of the batch is written.
   */
  write: (rows: readonly ImportedRow[]) => Promise<ImportOutcome[]>;
  /** The side work of the rows committed since the last flush; never throws for it (as afterCommit). */
  flush: () => Promise<void>;
}

/** Committed rows whose side work may wait for the run's next save: past this many it is done at once. */
const FLUSH_EVERY = 50;
/** A batch's transaction may take this long (Prisma's default, 5 s, is short for a batch on a loaded machine). */
const BATCH_TIMEOUT_MS = 60_000;

type Written = Omit<CommittedChange, 'body'>;

const keyId = (key: NaturalKey) => `${key.column}:${key.insensitive ? key.value.toLowerCase() : key.value}`;

export async function recordImporter(call: ResourceCall, def: ResourceDefinition): Promise<RecordImporter> {
  const access = authorize(def, call, 'create');
  const kind = def.facts.customFieldKind;
  const rules: readonly CustomFieldRule[] | undefined =
    kind && access.assetId ? await customFieldRules(call.deps.db, access.assetId, kind) : undefined;
  const lockPrefix = `${def.path}:${access.assetId ?? call.actor.companyId}:`;
  let committed: CommittedChange[] = [];

  // Two rows (or two runs) with the same key at once must not both insert it: each key's lock is held to the commit,
  // taken in one order so that two batches sharing keys wait for each other rather than deadlock.
  const lock = (tx: DbTx, rows: readonly ImportedRow[]) => {
    const keys = rows.map((row) => lockPrefix + keyId(row.key));
    return tx.$queryRaw`SELECT 1 FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest(${keys}::text[]) AS k ORDER BY 1) AS s, LATERAL pg_advisory_xact_lock(s.h)`;
  };

  /** The live record each key finds (the oldest when several have it), by keyId. */
  const existingOf = async (tx: DbTx, rows: readonly ImportedRow[]) => {
    const found = new Map<string, Row>();
    const byColumn = new Map<string, NaturalKey[]>();
    for (const { key } of rows) {
      const keys = byColumn.get(key.column) ?? [];
      keys.push(key);
      byColumn.set(key.column, keys);
    }
    for (const [column, keys] of byColumn) {
      const insensitive = keys[0]?.insensitive ?? false;
      const values = keys.map((key) => key.value);
      const records = await delegateOf(tx, def.model).findMany({
        where: { ...scopeWhere(def, access), [column]: insensitive ? { in: values, mode: 'insensitive' } : { in: values } },
        orderBy: { createdAt: 'asc' },
      });
      for (const record of records) {
        const id = keyId({ column, value: String(record[column] ?? ''), insensitive });
        if (!found.has(id)) found.set(id, record);
      }
    }
    return found;
  };

  const writeOne = async (tx: DbTx, row: ImportedRow, input: Row, existing: Row | undefined): Promise<Written> => {
    if (!existing) return { record: await insert(tx, call, def, access, input, rules), created: true, before: null };
    authorize(def, call, 'update');
    const changes = parseBody(def.updateSchema, row.updateBody ?? row.body);
    return { record: await update(tx, call, def, access, existing, changes, rules), created: false, before: existing };
  };

  /** The rows in one transaction: all committed, or (any refused) none. */
  const writeTogether = (rows: readonly ImportedRow[], inputs: readonly Row[]) =>
    guarded(def, () =>
      call.deps.db.$transaction(
        async (tx) => {
          await lock(tx, rows);
          const existing = await existingOf(tx, rows);
          const written: Written[] = [];
          for (const [i, row] of rows.entries()) written.push(await writeOne(tx, row, inputs[i] ?? {}, existing.get(keyId(row.key))));
          return written;
        },
        { timeout: BATCH_TIMEOUT_MS },
      ),
    );

  const flush = async () => {
    if (!committed.length) return;
    const changes = committed;
    committed = [];
    await dropCachedTotals(call, def, access);
    const many = def.facts.hooks?.afterCommitMany;
    // The rows' events: with afterCommitMany at once; without, each row's afterCommit delivers its own.
    if (many && def.facts.hooks?.events)
      await deliverEventsOf(
        call.deps,
        def.path,
        changes.map((change) => change.record._id),
      );
    if (!many) {
      for (const change of changes) await afterCommit(call, def, change.record, change.body, change.created, change.before);
      return;
    }
    try {
      await many(call.deps, changes);
    } catch (error) {
      call.deps.log.warn({ err: error, resource: def.path, records: changes.length }, 'after-commit work failed');
    }
  };

  const write = async (rows: readonly ImportedRow[]): Promise<ImportOutcome[]> => {
    const outcomes: ImportOutcome[] = [];
    const ready: { index: number; row: ImportedRow; input: Row }[] = [];
    for (const [index, row] of rows.entries()) {
      try {
        ready.push({ index, row, input: parseBody(def.createSchema, row.body) });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    const keep = (index: number, input: Row, written: Written) => {
      committed.push({ ...written, body: input });
      outcomes[index] = { ok: true, created: written.created };
    };
    let together: Written[] | null = null;
    if (ready.length > 1) {
      try {
        together = await writeTogether(
          ready.map((item) => item.row),
          ready.map((item) => item.input),
        );
      } catch (error) {
        if (isDependencyDown(error)) throw error;
      }
    }
    if (together) for (const [i, item] of ready.entries()) keep(item.index, item.input, together[i] as Written);
    // Alone, or again one by one after the batch was refused: only the refused row fails.
    else
      for (const item of ready) {
        try {
          keep(item.index, item.input, (await writeTogether([item.row], [item.input]))[0] as Written);
        } catch (error) {
          if (isDependencyDown(error)) throw error;
          outcomes[item.index] = { ok: false, error };
        }
      }
    if (committed.length >= FLUSH_EVERY) await flush();
    return outcomes;
  };

  return { write, flush };
}
