import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { listingContract } from '../listings/listing.contract.js';
import type { PermissionCode } from '../permissions/permission-codes.js';
import { projectContract } from '../projects/project.contract.js';
import { memberContract } from '../teams/team.contract.js';
import { ImportJobSchema, type ImportKind } from './import.schemas.js';

// The import's JSON call (docs/api.md 'Imports'): a run's progress, one call per kind under the kind's own path,
// tag and create permission. The template (a file) and the preview, dry run and run (multipart uploads) are REST
// only, hand-written in modules/imports/import.routes.ts, under the same tag.

/** The OpenAPI tag of each kind's import calls: its resource's. */
export const IMPORT_TAGS: Readonly<Record<ImportKind, string>> = { listings: 'properties', projects: 'properties', members: 'teams' };

const IdParams = z.object({ id: z.string().max(100) });

interface ImportedContract {
  name: string;
  path: string;
  label: { many: string };
  permissions: { create?: readonly PermissionCode[] | undefined };
}

/** An import creates records, so it needs the kind's create permission, as each row's write does. */
function createPermissionOf(contract: ImportedContract): readonly PermissionCode[] {
  const codes = contract.permissions.create;
  if (!codes?.length) throw new Error(`The import of ${contract.name} needs its contract's create permission`);
  return codes;
}

const jobOf = (kind: ImportKind, contract: ImportedContract) =>
  defineCall({
    operationId: `${contract.name}.importJob`,
    summary: `A ${contract.label.many} import: status, processed of total, created, updated, failed with reasons`,
    tag: IMPORT_TAGS[kind],
    access: createPermissionOf(contract),
    scope: 'asset',
    errors: ['NOT_FOUND'],
    kind: 'query',
    input: z.strictObject({ id: IdParams.shape.id }),
    output: ImportJobSchema,
    rest: { method: 'GET', path: `/api/${contract.path}/import/:id`, params: IdParams, envelope: 'data', toInput: ({ params }) => params },
  });

const listingsJob = jobOf('listings', listingContract);
const projectsJob = jobOf('projects', projectContract);
const membersJob = jobOf('members', memberContract);

export const importCalls = defineCalls('imports', { listingsJob, projectsJob, membersJob });
