export * from './calendar-connection.js';
export * from './viewing-rules.js';
export * from './viewing.contract.js';
export * from './calendar-connection.calls.js';
