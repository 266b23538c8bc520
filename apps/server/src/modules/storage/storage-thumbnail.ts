import type { Sharp, SharpOptions } from 'sharp';

// Thumbnails made on upload (docs/api.md 'Uploads'): grids and avatars load a small WEBP instead of the original.
// SVG is never rasterised (its thumbnail is the file itself, served under the same sandboxing CSP), and documents
// have none.

/** The box a thumbnail fits inside; smaller images keep their size. */
export const THUMBNAIL_BOX = 320;
export const THUMBNAIL_TYPE = 'image/webp';
const THUMBNAIL_QUALITY = 80;

/** Raster types decoded into a thumbnail: what the upload accepts, minus SVG. */
const RASTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips) is loaded on the first image upload, not at start: loaded, it holds about 20 MB resident, which
 * an idle server kept small (README 'Configuration') should not pay. Its decoded-image cache is off: uploads never
 * read the same bytes twice, so it would only hold memory.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

export function hasRasterThumbnail(mimeType: string): boolean {
  return RASTER_TYPES.has(mimeType);
}

/** The image could not be decoded (cut short, damaged, or lying about its size). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('unreadable image', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * A WEBP fitting inside 320x320, EXIF orientation applied, metadata stripped (sharp drops EXIF, XMP and ICC unless
 * asked to keep them, so a phone photo's GPS position never reaches the thumbnail). Decoding the whole image is
 * also the check that it is one: damaged bytes throw UnreadableImageError.
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
