import type { CustomFieldRule } from '@crm/domain';
import { customFieldRules } from './custom-field-rules.js';
import { scopeWhere } from './query-plan.js';
import { authorize } from './resource-access.js';
import { delegateOf } from './resource-delegate.js';
import { afterCommit, dropCachedTotals, guarded, insert, parseBody, update } from './resource-write.service.js';
import type { ResourceCall } from './resource.service.js';
import type { CommittedChange, ResourceDefinition, Row } from './resource.types.js';

// The write side of an import (modules/imports): each row updates the live record its natural key finds, else creates
// one, in its own transaction through the same checks, hooks and activity log as a create or a PATCH. What is the
// same for every row is done once per run, not per row: the create permission, the kind's custom field definitions
// (a definition changed mid-import applies to the next run), and after the commits the cached totals and the
// resource's afterCommit work, collected and run together by `flush` (the run calls it as it saves its progress).

export interface ImportedRow {
  /** Finds the row's record (its natural key, as a where). */
  match: Row;
  /** Serialises two writers of the same key (two rows, or two runs). */
  lockKey: string;
  body: Row;
  /** What an update writes (default: `body`). */
  updateBody?: Row;
}

export interface RecordImporter {
  /** One row, committed or refused as a whole; creating needs the create permission, updating the update one too. */
  write: (row: ImportedRow) => Promise<{ created: boolean }>;
  /** The side work of the rows committed since the last flush; never throws for it (as afterCommit). */
  flush: () => Promise<void>;
}

/** Committed rows whose side work may wait for the run's next save: past this many it is done at once (memory stays flat). */
const FLUSH_EVERY = 50;

export async function recordImporter(call: ResourceCall, def: ResourceDefinition): Promise<RecordImporter> {
  const access = authorize(def, call, 'create');
  const kind = def.facts.customFieldKind;
  const rules: readonly CustomFieldRule[] | undefined =
    kind && access.assetId ? await customFieldRules(call.deps.db, access.assetId, kind) : undefined;
  const lockPrefix = `${def.path}:${access.assetId ?? call.actor.companyId}:`;
  let committed: CommittedChange[] = [];

  const write = async (row: ImportedRow) => {
    const input = parseBody(def.createSchema, row.body);
    const result = await guarded(def, () =>
      call.deps.db.$transaction(async (tx) => {
        // Two rows (or two runs) with the same key at once must not both insert it.
        await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${lockPrefix + row.lockKey}))`;
        const existing = await delegateOf(tx, def.model).findFirst({
          where: { ...scopeWhere(def, access), ...row.match },
          orderBy: { createdAt: 'asc' },
        });
        if (!existing) return { record: await insert(tx, call, def, access, input, rules), created: true, before: null };
        authorize(def, call, 'update');
        const changes = parseBody(def.updateSchema, row.updateBody ?? row.body);
        return { record: await update(tx, call, def, access, existing, changes, rules), created: false, before: existing as Row };
      }),
    );
    committed.push({ ...result, body: input });
    if (committed.length >= FLUSH_EVERY) await flush();
    return { created: result.created };
  };

  const flush = async () => {
    if (!committed.length) return;
    const changes = committed;
    committed = [];
    await dropCachedTotals(call, def, access);
    const many = def.facts.hooks?.afterCommitMany;
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

  return { write, flush };
}
