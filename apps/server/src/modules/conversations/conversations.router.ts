import { router } from '../../trpc/trpc.js';
import { conversationDoors } from './conversation.calls.js';

// A lead's conversations, tRPC door: the declared calls (conversation.calls.ts), in the active asset.
export const conversationsRouter = router(conversationDoors.procedures);
