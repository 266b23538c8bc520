import { LIMITS } from '../constants/limits.constants.js';
import { MESSAGES } from '../messages/messages.js';

// docs/product.md 'File picker and uploads': what the file picker (and the storage upload endpoint) accepts.
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/json',
] as const;
/** Customer profile pictures: JPG, SVG, PNG, WEBP. */
export const PROFILE_PICTURE_MIME_TYPES = IMAGE_MIME_TYPES;

export type UploadMode = 'image' | 'document';

/** The picker works in image mode when its accept list includes images, else in document mode. */
export function uploadModeForAccept(accept: string | null | undefined): UploadMode {
  return accept && /image/i.test(accept) ? 'image' : 'document';
}

/** 'image/svg+xml' -> 'SVG', 'image/jpeg' -> 'JPG'. */
export function extensionOfMime(mime: string): string {
  const subtype = (mime.split('/')[1] ?? mime).replace(/\+xml$/i, '').toUpperCase();
  return subtype === 'JPEG' ? 'JPG' : subtype;
}

export interface UploadCandidate {
  /** The file's MIME type as the browser or multipart part reports it. */
  type: string;
  /** Bytes. */
  size: number;
}

export interface UploadRules {
  mode: UploadMode;
  /** Image mode only: accept just these MIME types (message then lists their extensions). */
  allowedTypes?: readonly string[];
}

export type UploadCheck = { ok: true } | { ok: false; message: string };

/** Type first, then size (10 MB allowed, one byte more refused); the message is the product's own. */
export function validateUpload(file: UploadCandidate, rules: UploadRules): UploadCheck {
  const type = file.type.toLowerCase();
  if (rules.mode === 'image') {
    const custom = rules.allowedTypes?.length ? rules.allowedTypes.map((t) => t.toLowerCase()) : undefined;
    const allowed: readonly string[] = custom ?? IMAGE_MIME_TYPES;
    if (!allowed.includes(type)) {
      const message = custom
        ? MESSAGES.upload.customTypes([...new Set(custom.map(extensionOfMime))].join(','))
        : MESSAGES.upload.imageTypes;
      return { ok: false, message };
    }
    if (file.size > LIMITS.MAX_UPLOAD_BYTES) return { ok: false, message: MESSAGES.upload.imageSize };
    return { ok: true };
  }
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(type)) return { ok: false, message: MESSAGES.upload.documentTypes };
  if (file.size > LIMITS.MAX_UPLOAD_BYTES) return { ok: false, message: MESSAGES.upload.documentSize };
  return { ok: true };
}

/** Stored files are 'image' or 'other'. */
export function storedFileTypeOf(mime: string): 'image' | 'other' {
  return mime.toLowerCase().startsWith('image/') ? 'image' : 'other';
}

/** The `accept` attribute of the picker's file input: the custom image types, else the mode's types. */
export function acceptListOf(rules: UploadRules): string {
  if (rules.mode === 'document') return DOCUMENT_MIME_TYPES.join(',');
  return (rules.allowedTypes?.length ? rules.allowedTypes : IMAGE_MIME_TYPES).join(',');
}

/** The line under the drop area: what the mode takes, in its extensions ('JPG, SVG, PNG or WEBP, up to 10MB.'). */
export function uploadHintOf(rules: UploadRules): string {
  if (rules.mode === 'document') return MESSAGES.upload.documentModeHint;
  if (!rules.allowedTypes?.length) return MESSAGES.upload.imageModeHint;
  return MESSAGES.upload.customModeHint([...new Set(rules.allowedTypes.map(extensionOfMime))].join(', '));
}
