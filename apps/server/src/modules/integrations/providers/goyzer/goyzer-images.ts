import { randomBytes, randomUUID } from 'node:crypto';
import type { ListingMedia } from '@crm/domain';
import { recordActivity } from '../../../../resources/activity-log.js';
import { EXTENSION_OF_TYPE, detectFileType, storageBackendFor, FILE_PATH_PREFIX } from '../../../storage/index.js';
import type { SyncWork } from '../../sync/sync-work.js';

// A listing's pictures copied from Goyzer into our Storage (docs/api.md 'Goyzer'), so feeds and pushes serve our own
// addresses. Only https addresses on Goyzer's hosts (or the deployment's Goyzer address, a test's fake) are fetched:
// an address in a provider's answer must not point the server anywhere else. Only images proven by their bytes are kept.

const IMAGE_TIMEOUT_MS = 15_000;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function allowed(work: SyncWork, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const target = new URL(url);
  const base = new URL(work.baseUrl());
  if (target.origin === base.origin) return true;
  return target.protocol === 'https:' && (target.hostname === 'goyzer.com' || target.hostname.endsWith('.goyzer.com'));
}

/** Downloads and stores each picture; answers them in order (a picture that fails is left out, the rest kept). */
export async function storeListingImages(work: SyncWork, reference: string, urls: readonly string[]): Promise<ListingMedia[]> {
  const { deps, row } = work;
  const backend = storageBackendFor(deps.env);
  const media: ListingMedia[] = [];
  for (const [i, source] of urls.entries()) {
    if (!allowed(work, source)) continue;
    const res = await fetch(source, { redirect: 'error', signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) }).catch(() => null);
    if (!res?.ok) continue;
    const bytes = Buffer.from(await res.arrayBuffer());
    const mimeType = detectFileType(bytes);
    if (!mimeType?.startsWith('image/') || bytes.length > MAX_IMAGE_BYTES) continue;
    const id = randomUUID();
    const ext = EXTENSION_OF_TYPE[mimeType] ?? null;
    const storageKey = `${row.assetId}/${id}${ext ? `.${ext}` : ''}`;
    const accessToken = randomBytes(24).toString('base64url');
    const url = `${FILE_PATH_PREFIX}/${id}?token=${accessToken}`;
    await backend.put(storageKey, bytes, mimeType);
    const companyId = (await deps.db.asset.findUniqueOrThrow({ where: { id: row.assetId }, select: { companyId: true } })).companyId;
    await deps.db.$transaction(async (tx) => {
      await tx.storedFile.create({
        data: {
          id,
          companyId,
          assetId: row.assetId,
          name: `${reference}-${i + 1}${ext ? `.${ext}` : ''}`,
          category: 'listings',
          type: 'image',
          mimeType,
          size: bytes.length,
          storageKey,
          url,
          accessToken,
          ext,
        },
      });
      await recordActivity(tx, [
        {
          userId: null,
          companyId,
          assetId: row.assetId,
          action: 'create',
          subjectType: 'storage',
          subjectId: id,
          after: { name: reference, mimeType, size: bytes.length },
        },
      ]);
    });
    media.push({ file: id, url, thumbnail: null });
  }
  return media;
}
