export * from './envelope.contract.js';
