import { PERMISSIONS as P } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

// Stored files (docs/product.md 'File picker and uploads'), read side: the file picker's keyword search and card grid.
// Uploads and removal have their own routes (storage/upload, storage/remove); the storage key never leaves.
export const storageResource = defineResource({
  path: 'storage',
  model: 'storedFile',
  label: 'file',
  tag: 'storage',
  scope: 'asset',
  softDelete: true,
  fields: {
    ...baseFields({ softDelete: true }),
    name: field.string(),
    category: field.string({ nullable: true }),
    type: field.string(),
    mimeType: field.string({ nullable: true }),
    size: field.int(),
    file: field.string({ column: 'url' }),
    ext: field.string({ nullable: true }),
    isHidden: field.boolean(),
  },
  sortable: ['createdAt', 'updatedAt', 'name', 'size'],
  distinct: ['category', 'type', 'ext'],
  search: ['name', 'category'],
  permissions: { read: [P.STORAGES_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE] },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Category', field: 'category' },
    { header: 'Type', field: 'type' },
    { header: 'Size', field: 'size' },
    { header: 'File', field: 'file' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
