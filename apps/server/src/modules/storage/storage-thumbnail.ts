import sharp from 'sharp';

// Thumbnails made on upload (docs/api.md 'Uploads'): grids and avatars load a small WEBP instead of the original.
// SVG is never rasterised (its thumbnail is the file itself, served under the same sandboxing CSP), and documents
// have none.

/** The box a thumbnail fits inside; smaller images keep their size. */
export const THUMBNAIL_BOX = 320;
export const THUMBNAIL_TYPE = 'image/webp';
const THUMBNAIL_QUALITY = 80;

/** Raster types decoded into a thumbnail: what the upload accepts, minus SVG. */
const RASTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

// libvips keeps decoded images in a process-wide cache by default; uploads never read the same bytes twice, so
// the cache would only hold memory in a server kept small (README 'Configuration').
sharp.cache(false);

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
