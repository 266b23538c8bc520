// The storage module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { fileUrlColumn } from './file-reference.js';
export { detectFileType, EXTENSION_OF_TYPE } from './file-signature.js';
export { storageBackendFor } from './storage-backend.js';
export { STORED_FILE_COLUMNS } from './storage.resource.js';
export { FILE_PATH_PREFIX, openStoredFile, type ServedFile } from './storage.service.js';
