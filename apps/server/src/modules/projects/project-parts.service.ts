import {
  DLD_PART_SCHEMAS,
  type DldDetails,
  type DldInputSchema,
  DldDetailsSchema,
  type DldPart,
  PROJECT_MESSAGES,
  ProjectAgentsInputSchema,
  ProjectAmenitiesInputSchema,
  ProjectGalleryInputSchema,
  ProjectKeyPointsInputSchema,
  ProjectPaymentPlansInputSchema,
  ProjectTypesInputSchema,
  type UnitTypeDetail,
} from '@crm/domain';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { validationError } from '../../core/error-envelope.js';
import type { DbTx } from '../../db/prisma.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import type { Row } from '../../resources/resource.types.js';
import { lockedProject, logProjectChange, type ProjectRecord, projectRecord } from './project-record.js';
import { projectResource } from './project.resource.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';

// The editor's tabs each save one part of a project (SPEC 'Projects': types/{id}, payment-plans/{id}, gallery/{id},
// amenities/{id}, agents/{id}, {id}/keypoints, dld/{id}/{part}). Each part: its body schema (packages/domain) and
// the columns it writes, inside one transaction that holds the project's row.

export function parsePart<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const min = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.min(...known) : null;
};

/** The unit types also keep the summary the lead form reads (unit types, bedrooms, budget range). */
function typeColumns(types: UnitTypeDetail[]): Row {
  const known = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const highest = known(types.map((t) => t.maxPrice ?? t.minPrice));
  return {
    types,
    unitTypes: [...new Set(types.map((t) => t.type))],
    bedrooms: [...new Set(known(types.map((t) => t.bedrooms)))].sort((a, b) => a - b),
    minPrice: min(types.map((t) => t.minPrice ?? t.maxPrice)),
    maxPrice: highest.length ? Math.max(...highest) : null,
  };
}

/** Gallery images: stored images of the project's asset, in the order given, each with its URL. */
async function galleryColumns(tx: DbTx, assetId: string, ids: string[]): Promise<Row> {
  const files = await tx.storedFile.findMany({
    where: { id: { in: ids }, assetId, deletedAt: null },
    select: { id: true, url: true, type: true },
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  const problems: string[] = [];
  const gallery = ids.map((id) => {
    const file = byId.get(id);
    if (!file) problems.push(PROJECT_MESSAGES.fileNotFound);
    else if (file.type !== 'image') problems.push(PROJECT_MESSAGES.galleryImage);
    return { file: id, url: file?.url ?? '' };
  });
  if (problems.length) throw AppError.validation({ gallery: [...new Set(problems)] });
  return { gallery };
}

/** The agents who receive the project's off-plan leads: team members of the project's asset. */
async function agentColumns(tx: DbTx, assetId: string, ids: string[]): Promise<Row> {
  const unique = [...new Set(ids)];
  const found = await tx.teamMember.count({ where: { id: { in: unique }, assetId, deletedAt: null } });
  if (found !== unique.length) throw AppError.validation({ agents: [PROJECT_MESSAGES.agentNotFound] });
  return { agents: { set: unique.map((id) => ({ id })) } };
}

/**
 * A part: its body schema (also the REST route's documented body) and the columns a checked body writes. The body is
 * checked before the transaction; the columns are computed inside it, beside the locked project.
 */
function definePart<S extends z.ZodType>(schema: S, columns: (body: z.output<S>, tx: DbTx, assetId: string) => Row | Promise<Row>) {
  return {
    schema,
    /** The columns of a body both doors already checked against `schema`. */
    columnsOf: (body: z.output<S>) => async (tx: DbTx, assetId: string) => columns(body, tx, assetId),
  };
}

export const PROJECT_PARTS = {
  types: definePart(ProjectTypesInputSchema, (body) => typeColumns(body.types)),
  paymentPlans: definePart(ProjectPaymentPlansInputSchema, (body) => ({ paymentPlans: body.paymentPlans })),
  gallery: definePart(ProjectGalleryInputSchema, (body, tx, assetId) => galleryColumns(tx, assetId, body.gallery)),
  amenities: definePart(ProjectAmenitiesInputSchema, (body) => ({ amenities: [...new Set(body.amenities)] })),
  agents: definePart(ProjectAgentsInputSchema, (body, tx, assetId) => agentColumns(tx, assetId, body.agents)),
  keyPoints: definePart(ProjectKeyPointsInputSchema, (body) => ({ keyPoints: body.keyPoints })),
};
export type ProjectPartName = keyof typeof PROJECT_PARTS;

/** Saves one part of a project of the caller's asset; another asset's project answers 404 like a missing one. */
/** The checked body of a part. */
export type ProjectPartBody<N extends ProjectPartName> = z.output<(typeof PROJECT_PARTS)[N]['schema']>;

export async function saveProjectPart<N extends ProjectPartName>(
  call: ResourceCall,
  name: N,
  id: string,
  body: ProjectPartBody<N>,
): Promise<ProjectRecord> {
  const access = authorize(projectResource, call, 'update');
  // One part's columns: the map's entries share no body type the compiler could join, so it reads this one's.
  const columnsOf = (PROJECT_PARTS[name].columnsOf as (input: ProjectPartBody<N>) => (tx: DbTx, assetId: string) => Promise<Row>)(body);
  await withUnitOfWork(call.deps, call.actor, async (uow) => {
    const { tx } = uow;
    const project = await lockedProject(uow, access, id);
    const data = await columnsOf(tx, project.assetId);
    await logProjectChange(uow, project, data);
    await tx.project.update({
      where: { id: project.id },
      data: { ...data, updatedById: call.actor.userId } as Prisma.ProjectUncheckedUpdateInput,
    });
  });
  return projectRecord(call, id);
}

const EMPTY_DLD: DldDetails = { projectNumber: null, escrowBank: null, escrowAccountNumber: null };

/** PATCH dld/{id}/{part}: one of the DLD details, the others kept. */
export async function saveDldPart(
  call: ResourceCall,
  id: string,
  part: DldPart,
  body: z.output<typeof DldInputSchema>,
): Promise<ProjectRecord> {
  const access = authorize(projectResource, call, 'update');
  // The body is one of the details; the path's part says which one it must be.
  const input = parsePart(DLD_PART_SCHEMAS[part], body);
  await withUnitOfWork(call.deps, call.actor, async (uow) => {
    const { tx } = uow;
    const project = await lockedProject(uow, access, id);
    const stored = DldDetailsSchema.safeParse(project.dld);
    const dld = { ...(stored.success ? stored.data : EMPTY_DLD) };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) dld[key as keyof DldDetails] = value ?? null;
    await logProjectChange(uow, project, { dld });
    await tx.project.update({ where: { id: project.id }, data: { dld, updatedById: call.actor.userId } });
  });
  return projectRecord(call, id);
}
