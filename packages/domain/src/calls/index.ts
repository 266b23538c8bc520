export * from './define-call.js';
