export * from './lead-settings.rules.js';
