import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LIMITS,
  MESSAGES,
  STORAGE_MANAGE_PERMISSIONS,
  STORAGE_UPLOAD_PERMISSIONS,
  STORED_FILE_LIMITS,
  type PermissionCode,
  type StoredFile,
  storedFileContract,
  storedFileTypeOf,
  uploadModeForAccept,
  validateUpload,
  type UploadMode,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { validationError } from '../../core/error-envelope.js';
import { isUuid } from '../../resources/filter-compiler.js';
import { actorCan } from '../../core/authorization.js';
import type { Access } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import { defaultSelection } from '../../resources/resource.service.js';
import { serializeRow } from '../../resources/resource-serializer.js';
import { recordActivity } from '../../resources/activity-log.js';
import { EXTENSION_OF_TYPE, detectFileType, normalizeMimeType } from './file-signature.js';
import { storageBackendFor } from './storage-backend.js';
import { hasRasterThumbnail, makeThumbnail, THUMBNAIL_TYPE, UnreadableImageError } from './storage-thumbnail.js';
import { storageResource } from './storage.resource.js';
import type { Row } from '../../resources/resource.types.js';
import { UploadFieldsSchema, type UploadFields } from './storage.types.js';

// Uploads (the file picker and the customer drawer's avatar), serving and removal (docs/api.md 'Uploads').
// A stored file's `url` is '/api/storage/files/{id}?token=...': the token is a random secret of that file, so
// the browser can show it in an <img> without a bearer header; a caller with a bearer token of the file's asset
// may fetch it without the token. Removing the file (or a new token) ends the url.

export type StorageDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env'>;
export interface StorageCall {
  deps: StorageDeps;
  actor: Actor;
}

export const FILE_PATH_PREFIX = '/api/storage/files';
const SVG_TYPE = 'image/svg+xml';

export interface IncomingFile {
  fileName: string;
  /** The type the multipart part declared. */
  declaredType: string;
  bytes: Buffer;
}

export function accessOf(call: StorageCall, codes: readonly PermissionCode[]): Access & { assetId: string } {
  if (!actorCan(call.actor, codes)) {
    call.deps.log.warn(
      { event: 'permission.denied', userId: call.actor.userId, resource: 'storage', required: codes },
      'permission denied',
    );
    throw AppError.forbidden();
  }
  if (!call.actor.assetId) throw AppError.forbidden('You have no asset to work in.');
  return { actor: call.actor, assetId: call.actor.assetId, sensitive: false };
}

/** Image or document mode (docs/product.md 'File picker and uploads'): as asked, else from the picker's accept list, else the declared type. */
export function uploadModeOf(fields: Partial<UploadFields>, declaredType: string): UploadMode {
  if (fields.mode) return fields.mode;
  if (fields.accept) return uploadModeForAccept(fields.accept);
  return normalizeMimeType(declaredType).startsWith('image/') ? 'image' : 'document';
}

/** The size refusal in the words of the mode: 'Image can be upto 10MB!' / 'Document can be upto 10MB!'. */
export function fileTooLarge(mode: UploadMode): AppError {
  const message = mode === 'image' ? MESSAGES.upload.imageSize : MESSAGES.upload.documentSize;
  return new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
}

function unsupported(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: [message] });
}

/** Specific image types named by the accept list ('image/png,image/webp'): the picker's custom types. */
function customTypesOf(accept: string | undefined): string[] | undefined {
  const types = accept
    ?.split(',')
    .map((t) => normalizeMimeType(t))
    .filter((t) => t.startsWith('image/') && !t.endsWith('/*'));
  return types?.length ? types : undefined;
}

export function parseUploadFields(raw: Record<string, string>): UploadFields {
  const result = UploadFieldsSchema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** POST storage/upload: checks type (declared and proven by the bytes) and size, stores the bytes, then the row. */
export async function uploadFile(call: StorageCall, file: IncomingFile | null, rawFields: Record<string, string>): Promise<StoredFile> {
  const access = accessOf(call, STORAGE_UPLOAD_PERMISSIONS);
  const fields = parseUploadFields(rawFields);
  if (fields.asset && fields.asset !== access.assetId) throw AppError.validation({ asset: ['Asset must be the active asset.'] });
  if (!file?.bytes.length) throw AppError.validation({ file: ['File is required.'] }, 'File is required.');
  const declared = normalizeMimeType(file.declaredType);
  const mode = uploadModeOf(fields, declared);
  if (file.bytes.length > LIMITS.MAX_UPLOAD_BYTES) throw fileTooLarge(mode);
  const allowedTypes = mode === 'image' ? customTypesOf(fields.accept) : undefined;
  const rules = { mode, ...(allowedTypes ? { allowedTypes } : {}) };
  const check = validateUpload({ type: declared, size: file.bytes.length }, rules);
  if (!check.ok) throw unsupported(check.message);
  // The declared type is only a claim: the bytes must prove it (a renamed .exe is not a PNG). The refusal
  // reads like any other wrong type: the mode's own message.
  if (detectFileType(file.bytes) !== declared) {
    const refusal = validateUpload({ type: '', size: 0 }, rules);
    throw unsupported(refusal.ok ? MESSAGES.upload.imageTypes : refusal.message);
  }

  // A raster image is decoded into its thumbnail before anything is stored: bytes that only look like an image
  // (a PNG cut short) are refused here, and nothing is left behind.
  const thumbnail = hasRasterThumbnail(declared) ? await thumbnailOf(file.bytes) : null;

  const id = randomUUID();
  const ext = EXTENSION_OF_TYPE[declared] ?? null;
  const storageKey = `${access.assetId}/${id}${ext ? `.${ext}` : ''}`;
  const thumbnailKey = thumbnail ? `${access.assetId}/${id}.thumb.webp` : null;
  const accessToken = randomBytes(24).toString('base64url');
  const url = `${FILE_PATH_PREFIX}/${id}?token=${accessToken}`;
  const backend = storageBackendFor(call.deps.env);
  const written: string[] = [];
  const selection = defaultSelection(storageResource, access);
  let row: Row;
  try {
    await backend.put(storageKey, file.bytes, declared);
    written.push(storageKey);
    if (thumbnail && thumbnailKey) {
      await backend.put(thumbnailKey, thumbnail, THUMBNAIL_TYPE);
      written.push(thumbnailKey);
    }
    // The activity log (docs/architecture.md 'The activity log'): the upload's row in the same transaction.
    row = await call.deps.db.$transaction(async (tx) => {
      const created = await delegateOf(tx, 'storedFile').create({
        data: {
          id,
          companyId: call.actor.companyId,
          assetId: access.assetId,
          name: fields.name ?? (file.fileName.slice(0, STORED_FILE_LIMITS.NAME_MAX) || `file.${ext ?? 'bin'}`),
          category: fields.category ?? null,
          type: storedFileTypeOf(declared),
          mimeType: declared,
          size: file.bytes.length,
          storageKey,
          accessToken,
          url,
          thumbnailKey,
          // An SVG is its own thumbnail: shown as an <img>, it cannot run scripts, and served alone it is sandboxed.
          thumbnailUrl: thumbnailKey ? `${FILE_PATH_PREFIX}/${id}/thumbnail?token=${accessToken}` : declared === SVG_TYPE ? url : null,
          ext,
          isHidden: fields.isHidden ?? false,
          creatorId: call.actor.userId,
          updatedById: call.actor.userId,
        },
        select: selection.select,
      });
      await recordActivity(
        tx,
        [storageActivity(call, access, 'create', id, { after: serializeRow(created, selection) })],
        call.deps.clock.now(),
      );
      return created;
    });
  } catch (error) {
    await Promise.all(written.map((key) => backend.remove(key).catch(() => undefined)));
    throw error;
  }
  return asStoredFile(row, access);
}

async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  try {
    return await makeThumbnail(bytes);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    throw AppError.validation({ file: [MESSAGES.upload.corruptImage] }, MESSAGES.upload.corruptImage);
  }
}

export interface ServedFile {
  stream: Readable;
  mimeType: string;
  /** Known for originals (the row has it); a thumbnail is sent without a length. */
  size: number | null;
  name: string;
  /** Fetched with the url's token (cacheable by the browser) rather than a bearer token. */
  viaToken: boolean;
}

/** 'Marina view.png' -> 'Marina view.webp': a saved thumbnail gets the extension of its bytes. */
function thumbnailName(name: string): string {
  return `${name.replace(/\.[a-z0-9]{1,5}$/i, '')}.webp`;
}

/** The engine's row in the contract's shape: checked, so both doors answer exactly what they document. */
function asStoredFile(row: Row, access: Access): StoredFile {
  return storedFileContract.record.parse(serializeRow(row, defaultSelection(storageResource, access)));
}

function sameSecret(given: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET storage/files/{id}: with the url's token, or as a signed-in caller whose active asset holds the file.
 * Anything else (wrong token, another asset, removed) answers 404, exactly like a file that never existed.
 */
export async function openStoredFile(
  deps: StorageDeps,
  id: string,
  credentials: { token?: string | undefined; actor?: () => Promise<Actor> },
  variant: 'original' | 'thumbnail' = 'original',
): Promise<ServedFile> {
  const notFound = () => AppError.notFound('File not found');
  if (!isUuid(id)) throw notFound();
  const file = await deps.db.storedFile.findFirst({ where: { id, deletedAt: null } });
  if (!file) throw notFound();
  let viaToken = false;
  if (credentials.token) {
    if (!sameSecret(credentials.token, file.accessToken)) throw notFound();
    viaToken = true;
  } else {
    if (!credentials.actor) throw AppError.unauthorized('Missing bearer token');
    const actor = await credentials.actor();
    if (actor.assetId !== file.assetId) throw notFound();
  }
  // Only a raster image has a thumbnail of its own (an SVG's thumbnail url is the file's url).
  const key = variant === 'thumbnail' ? file.thumbnailKey : file.storageKey;
  if (!key) throw notFound();
  const stream = await storageBackendFor(deps.env).open(key);
  if (!stream) {
    deps.log.error({ event: 'storage.missing', fileId: file.id, variant }, 'stored file has no bytes');
    throw notFound();
  }
  if (variant === 'thumbnail') return { stream, mimeType: THUMBNAIL_TYPE, size: null, name: thumbnailName(file.name), viaToken };
  return { stream, mimeType: file.mimeType ?? 'application/octet-stream', size: file.size, name: file.name, viaToken };
}

/** One activity log row of a stored file's upload or removal. */
function storageActivity(
  call: StorageCall,
  access: Access,
  action: 'create' | 'delete',
  id: string,
  values: { before?: Row; after?: Row },
) {
  const { userId, companyId } = call.actor;
  return { userId, companyId, assetId: access.assetId, action, subjectType: storageResource.contract.name, subjectId: id, ...values };
}

/** DELETE storage/remove?file=: the row is soft-deleted (avatars may still name it); the bytes and thumbnail are removed. */
export async function removeStoredFile(call: StorageCall, id: string): Promise<StoredFile> {
  const access = accessOf(call, STORAGE_UPLOAD_PERMISSIONS);
  const canManage = actorCan(call.actor, STORAGE_MANAGE_PERMISSIONS);
  const notFound = () => AppError.notFound('File not found');
  if (!isUuid(id)) throw notFound();
  const selection = defaultSelection(storageResource, access);
  const { row, keys } = await call.deps.db.$transaction(async (tx) => {
    const file = await tx.storedFile.findFirst({ where: { id, assetId: access.assetId, deletedAt: null } });
    if (!file) throw notFound();
    if (!canManage && file.creatorId !== call.actor.userId) throw AppError.forbidden('You may only remove files you uploaded.');
    const updated = await delegateOf(tx, 'storedFile').update({
      where: { id: file.id },
      data: { deletedAt: call.deps.clock.now(), accessToken: null, updatedById: call.actor.userId },
      select: selection.select,
    });
    await recordActivity(
      tx,
      [storageActivity(call, access, 'delete', file.id, { before: serializeRow(file, selection) })],
      call.deps.clock.now(),
    );
    return { row: updated, keys: [file.storageKey, file.thumbnailKey].filter((key): key is string => Boolean(key)) };
  });
  const backend = storageBackendFor(call.deps.env);
  await Promise.all(keys.map((key) => backend.remove(key)));
  return asStoredFile(row, access);
}
