export * from './activity.contract.js';
