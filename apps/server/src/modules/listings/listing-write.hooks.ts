import {
  LISTING_MESSAGES,
  MESSAGES,
  SYNDICATION_MESSAGES,
  listingRuleErrors,
  portalsNeedingPermit,
  rentFrequencyFor,
  type ListingMedia,
  type PortalFacts,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';

// What a listing write adds to the engine's: the picked files' URLs beside their ids (images, floor plans, cover),
// the cover defaulting to the first picture, and the cross-field rules on the listing as it will be stored.

const ids = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
const storedIds = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => (item && typeof item === 'object' && 'file' in item && typeof item.file === 'string' ? [item.file] : []))
    : [];

/** The stored files named by `fileIds`, in that order; an unknown id or (for pictures) a non-image is refused. */
async function resolveMedia(
  { tx, scope }: WriteHookInput,
  field: 'images' | 'floorPlans',
  fileIds: string[],
  label: string,
): Promise<ListingMedia[]> {
  if (!fileIds.length || !scope.assetId) return [];
  const files = await tx.storedFile.findMany({
    where: { id: { in: fileIds }, assetId: scope.assetId, deletedAt: null },
    select: { id: true, url: true, thumbnailUrl: true, type: true },
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  const errors: string[] = [];
  const media = fileIds.flatMap((id) => {
    const file = byId.get(id);
    if (!file) {
      errors.push(`${label} not found.`);
      return [];
    }
    if (field === 'images' && file.type !== 'image') errors.push(MESSAGES.upload.imageTypes);
    return [{ file: id, url: file.url, thumbnail: file.thumbnailUrl }];
  });
  if (errors.length) throw AppError.validation({ [field]: [...new Set(errors)] });
  return media;
}

const time = (value: unknown) => (value ? new Date(value as string | Date).getTime() : null);
const samePermit = (before: Row, after: Row) =>
  (before.permitNumber ?? null) === (after.permitNumber ?? null) && time(before.permitExpiresAt) === time(after.permitExpiresAt);

export async function listingWriteColumns(input: WriteHookInput): Promise<Row> {
  const { body, existing } = input;
  const columns: Row = {};
  const images = ids(body.images);
  if (images) columns.images = await resolveMedia(input, 'images', images, 'Image');
  const floorPlans = ids(body.floorPlans);
  if (floorPlans) columns.floorPlans = await resolveMedia(input, 'floorPlans', floorPlans, 'Floor plan');

  // The cover is one of the pictures: the one picked, else the first; none without pictures.
  const pictureIds = images ?? storedIds(existing?.images);
  const pickedCover = 'cover' in body ? (typeof body.cover === 'string' && body.cover ? body.cover : null) : undefined;
  const currentCover = typeof existing?.coverId === 'string' ? existing.coverId : null;
  let cover = pickedCover === undefined ? currentCover : pickedCover;
  if (cover && !pictureIds.includes(cover)) {
    if (pickedCover) throw AppError.validation({ cover: [LISTING_MESSAGES.coverNotAnImage] });
    cover = null;
  }
  cover ??= pictureIds[0] ?? null;
  if (images || pickedCover !== undefined || cover !== currentCover) {
    columns.coverId = cover;
    const media = (columns.images as ListingMedia[] | undefined) ?? (await resolveMedia(input, 'images', cover ? [cover] : [], 'Cover'));
    columns.coverUrl = media.find((m) => m.file === cover)?.url ?? null;
  }

  // The rules on the listing as it will be stored; a sale's frequency is dropped, a rent's defaults to yearly.
  const merged = { ...existing, ...input.data };
  const errors = listingRuleErrors({
    leadType: merged.leadType as string | undefined,
    rentFrequency: 'rentFrequency' in body ? (body.rentFrequency as string | null) : null,
    permitNumber: merged.permitNumber as string | null | undefined,
    permitExpiresAt: merged.permitExpiresAt as string | Date | null | undefined,
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  // Publishing to a Dubai portal (a create, or a write that sets the status or the portals) needs a live permit;
  // a changed permit number or expiry must be checked again first.
  const permitChanged = 'permitNumber' in body || 'permitExpiresAt' in body;
  const facts =
    permitChanged && existing ? { ...merged, permitStatus: samePermit(existing, merged) ? merged.permitStatus : 'unchecked' } : merged;
  if (!existing || 'status' in body || 'portals' in body || permitChanged) {
    const blocked = portalsNeedingPermit(facts as PortalFacts, input.deps.clock.now());
    if (blocked.length)
      throw AppError.validation({ portals: [SYNDICATION_MESSAGES.permitNeeded(blocked)] }, SYNDICATION_MESSAGES.permitNeeded(blocked));
  }
  if (permitChanged && existing && !samePermit(existing, merged)) {
    columns.permitStatus = 'unchecked';
    columns.permitCheckedAt = null;
  }
  columns.rentFrequency = rentFrequencyFor(merged.leadType as string | undefined, merged.rentFrequency as string | null | undefined);
  return columns;
}
