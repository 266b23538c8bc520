export * from './fields.js';
export * from './contract.js';
export * from './list-filter.js';
export * from './order.js';
