import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f } from '../resources/fields.js';
import { type ContractRecord, type ContractRow, defineContract } from '../resources/contract.js';
import { optionalText, requiredText } from '../validation/zod-helpers.js';

export const STORED_FILE_TYPES = ['image', 'other'] as const;

/** The longest name and category a stored file may have (the upload's own fields have the same bounds). */
export const STORED_FILE_LIMITS = { NAME_MAX: 200, CATEGORY_MAX: 100 } as const;

// Stored files: what Storage lists and the file picker shows. Uploads and removal have their own calls
// (storage/upload, storage/remove); the storage key never leaves the server.
export const storedFileFields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  category: f.string({ label: 'Category', nullable: true, searchable: true, distinct: true }),
  type: f.enum(STORED_FILE_TYPES, { label: 'Type', distinct: true }),
  mimeType: f.string({ label: 'MIME Type', nullable: true, exportable: false }),
  size: f.int({ label: 'Size', sortable: true }),
  file: f.string({ label: 'File' }),
  /**
   * What grids and avatars load instead of the original: a small WEBP made on upload for JPG, PNG and WEBP, the
   * file itself for SVG (never rasterised), null for documents (docs/api.md 'Uploads').
   */
  thumbnail: f.string({ label: 'Thumbnail', nullable: true, exportable: false }),
  ext: f.string({ label: 'Extension', nullable: true, distinct: true }),
  isHidden: f.boolean({ label: 'Hidden', distinct: true }),
};

/** PATCH storage/{id}: rename, re-categorise (null clears), hide or unhide. The bytes never change. */
export const StoredFileUpdateSchema = z.strictObject({
  name: requiredText(MESSAGES.record.required('Name'), undefined, STORED_FILE_LIMITS.NAME_MAX).optional(),
  category: optionalText(STORED_FILE_LIMITS.CATEGORY_MAX).transform((v) => (v === undefined ? undefined : v || null)),
  isHidden: z.boolean({ error: 'Hidden must be true or false.' }).optional(),
});

export const storedFileContract = defineContract({
  name: 'storage',
  path: 'storage',
  label: { one: 'file', many: 'files' },
  scope: 'asset',
  softDelete: true,
  fields: storedFileFields,
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['name', 'category', 'type', 'size', 'file', 'createdAt'],
  update: StoredFileUpdateSchema,
  // The picker reads files wherever a form takes one (a customer's avatar, a developer's logo); only the media
  // library renames, re-categorises and hides them. Uploads and removal are Storage's own calls (storage/upload,
  // storage/remove: the blob and its thumbnail go too).
  permissions: {
    read: [P.STORAGES_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.DEVELOPERS_VIEW],
    update: [P.STORAGES_VIEW],
  },
});

/** A stored file as the API answers it (upload, update, removal). */
export type StoredFile = ContractRecord<typeof storedFileContract>;
/** A stored file as a list answers it (`_id` and the selected fields): what grids show and the picker emits. */
export type StoredFileRow = ContractRow<typeof storedFileContract>;
