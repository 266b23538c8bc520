export * from './errors/error-codes.js';
export * from './permissions/permission-codes.js';
export * from './permissions/permission-check.js';
