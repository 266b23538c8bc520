export * from './paging.js';
export * from './list-filter.schema.js';
export * from './list-response.schema.js';
export * from './yes-no.js';
