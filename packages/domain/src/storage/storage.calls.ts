import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { StorageUsageSchema } from './storage-usage.js';
import { storedFileContract } from './stored-file.contract.js';

// Storage's declared calls (docs/api.md 'Uploads'): the space used and a file's removal. The upload (multipart) and
// serving the bytes and the thumbnail are REST only, hand-written in storage.routes.ts; the picker's list, search and
// update are the generic resource's. Both doors answer `{ data }`, so the output is the envelope.

/**
 * Who may upload: the media library, and whoever edits a record that takes a file through the picker (customers'
 * avatars, developers' logos): the same codes that may read the stored files (stored-file.contract.ts).
 */
export const STORAGE_UPLOAD_PERMISSIONS = [P.STORAGES_VIEW, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.DEVELOPERS_VIEW];
/** Removing any file of the asset; uploaders without it may remove only their own files. */
export const STORAGE_MANAGE_PERMISSIONS = [P.STORAGES_VIEW];

const tag = 'storage';

const usage = defineCall({
  operationId: 'storage.usage',
  summary: 'Space used by the live files of the asset',
  description: 'Bytes and files in total and by type (image, other); hidden files count, removed ones do not.',
  tag,
  access: STORAGE_MANAGE_PERMISSIONS,
  scope: 'asset',
  kind: 'query',
  input: z.strictObject({}).optional(),
  output: z.object({ data: StorageUsageSchema }),
  rest: {
    method: 'GET',
    path: '/api/storage/usage',
    query: z.object({ asset: z.string().optional() }),
    envelope: 'bare',
    toInput: () => undefined,
  },
});

const remove = defineCall({
  operationId: 'storage.remove',
  summary: 'Remove a stored file (its url stops working)',
  tag,
  access: STORAGE_UPLOAD_PERMISSIONS,
  scope: 'asset',
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: z.strictObject({ file: z.string().max(100) }),
  output: oneResponseSchema(storedFileContract.record),
  rest: {
    method: 'DELETE',
    path: '/api/storage/remove',
    query: z.object({ file: z.string().max(100), asset: z.string().optional() }),
    envelope: 'bare',
    toInput: ({ query }) => ({ file: query.file }),
  },
});

export const storageCalls = defineCalls('storage', { remove, usage });
