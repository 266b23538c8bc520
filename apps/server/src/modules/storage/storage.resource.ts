import { storedFileContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

/** The stored file's columns named otherwise than its fields: every populate of a file reads them too. */
export const STORED_FILE_COLUMNS = { file: 'url', thumbnail: 'thumbnailUrl' } as const;

// Stored files, read side: Storage's grid and the file picker's keyword search. Uploads and removal have their own
// routes (storage/upload, storage/remove); the storage key never leaves the server.
export const storageResource = defineResource(storedFileContract, { model: 'storedFile', columns: STORED_FILE_COLUMNS });
