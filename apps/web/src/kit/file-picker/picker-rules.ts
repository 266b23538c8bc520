import {
  acceptListOf,
  DOCUMENT_MIME_TYPES,
  IMAGE_MIME_TYPES,
  MESSAGES,
  storedFileTypeOf,
  type UploadMode,
  type UploadRules,
  uploadHintOf,
} from '@crm/domain';

// The picker's modes (docs/product.md 'File picker and uploads'): image (JPG, SVG, PNG, WEBP, or the custom types
// named) and document (PDF, DOCX, JSON). 'any' is the Storage screen's own upload: each file is checked in the mode
// of its type, as the server does for an upload that names no mode.

export type PickerMode = UploadMode | 'any';

export interface PickerTypes {
  mode: PickerMode;
  /** Image mode only: just these MIME types ('image/png'); the refusal then names their extensions. */
  allowedTypes?: readonly string[] | undefined;
}

function rulesIn(mode: UploadMode, allowedTypes: readonly string[] | undefined): UploadRules {
  return mode === 'image' && allowedTypes?.length ? { mode, allowedTypes } : { mode };
}

/** The rules one file is checked by, in the browser and (sent as `mode`/`accept`) again by the server. */
export function rulesForFile(types: PickerTypes, fileType: string): UploadRules {
  const mode: UploadMode = types.mode === 'any' ? (storedFileTypeOf(fileType) === 'image' ? 'image' : 'document') : types.mode;
  return rulesIn(mode, types.allowedTypes);
}

/** The file input's `accept`. */
export function acceptOf(types: PickerTypes): string {
  if (types.mode === 'any') return [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES].join(',');
  return acceptListOf(rulesIn(types.mode, types.allowedTypes));
}

/** The stored files the 'Select From Storage' tab offers: those the mode would accept (every file in 'any'). */
export function browsableTypesOf(types: PickerTypes): readonly string[] | undefined {
  return types.mode === 'any' ? undefined : acceptOf(types).split(',');
}

/** The line under the drop area. */
export function hintOf(types: PickerTypes): string {
  return types.mode === 'any' ? MESSAGES.upload.anyModeHint : uploadHintOf(rulesIn(types.mode, types.allowedTypes));
}
