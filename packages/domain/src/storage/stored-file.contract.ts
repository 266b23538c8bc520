import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';

export const STORED_FILE_TYPES = ['image', 'other'] as const;

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
  /** A small image made on upload for grids and avatars (images only). */
  thumbnail: f.string({ label: 'Thumbnail', nullable: true, exportable: false }),
  ext: f.string({ label: 'Extension', nullable: true, distinct: true }),
  isHidden: f.boolean({ label: 'Hidden', distinct: true }),
};

export const storedFileContract = defineContract({
  name: 'storage',
  path: 'storage',
  label: { one: 'file', many: 'files' },
  scope: 'asset',
  softDelete: true,
  fields: storedFileFields,
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['name', 'category', 'type', 'size', 'file', 'createdAt'],
  // The picker reads files wherever a form takes one (a customer's avatar, a developer's logo).
  // Uploads and removal are Storage's own calls (storage/upload, storage/remove: the blob goes too).
  permissions: { read: [P.STORAGES_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.DEVELOPERS_VIEW] },
});
