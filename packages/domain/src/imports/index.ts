export * from './import.schemas.js';
export * from './import-kinds.js';
export * from './import-rules.js';
export * from './import-text.js';
export * from './import.calls.js';
