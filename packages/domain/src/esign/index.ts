export * from './envelope.contract.js';
export * from './envelope.calls.js';
