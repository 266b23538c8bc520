export * from './conversation-messages.js';
export * from './conversation.schemas.js';
export * from './conversation.calls.js';
