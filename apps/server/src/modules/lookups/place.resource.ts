import { PLACE_KINDS, PLACE_MESSAGES, PLACE_PARENT_KIND, placeContract, type PlaceKind } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { defineResource } from '../../resources/resource-define.js';
import type { WriteHookInput } from '../../resources/resource.types.js';

// The company's places: a place sits under a parent of the kind above it (a community under a city), and a name is
// unique among its siblings, so the lookups never offer one community twice.

const isKind = (value: unknown): value is PlaceKind => typeof value === 'string' && (PLACE_KINDS as readonly string[]).includes(value);

async function checkPlace({ tx, data, scope, existing }: WriteHookInput) {
  const kind = isKind(data.kind) ? data.kind : isKind(existing?.kind) ? existing.kind : null;
  if (!kind) return {};
  const parentId = 'parentId' in data ? data.parentId : existing?.parentId;
  const name = typeof data.name === 'string' ? data.name : existing?.name;
  const wanted = PLACE_PARENT_KIND[kind];
  if (!wanted && parentId) throw AppError.validation({ parent: [PLACE_MESSAGES.parentWrongKind(kind)] });
  if (wanted) {
    if (typeof parentId !== 'string' || !parentId) throw AppError.validation({ parent: [PLACE_MESSAGES.parentRequired(kind)] });
    const parent = await tx.place.findFirst({
      where: { id: parentId, companyId: scope.companyId, deletedAt: null },
      select: { kind: true },
    });
    if (parent?.kind !== wanted) throw AppError.validation({ parent: [PLACE_MESSAGES.parentWrongKind(kind)] });
  }
  if (existing && existing.kind !== kind) {
    const children = await tx.place.count({ where: { parentId: String(existing.id), deletedAt: null } });
    if (children) throw AppError.validation({ kind: [PLACE_MESSAGES.kindHasChildren] });
  }
  if (typeof name === 'string') {
    const twin = await tx.place.findFirst({
      where: {
        companyId: scope.companyId,
        kind,
        parentId: typeof parentId === 'string' && parentId ? parentId : null,
        name: { equals: name, mode: 'insensitive' },
        deletedAt: null,
        ...(existing ? { id: { not: String(existing.id) } } : {}),
      },
      select: { id: true },
    });
    if (twin) throw AppError.validation({ name: [PLACE_MESSAGES.duplicate(name)] });
  }
  return {};
}

export const placeResource = defineResource(placeContract, {
  model: 'place',
  refs: { parent: { model: 'place', scope: 'company' } },
  hooks: { beforeCreate: checkPlace, beforeUpdate: checkPlace },
});
