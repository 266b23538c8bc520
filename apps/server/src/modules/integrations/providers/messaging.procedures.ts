import { intercomDoors } from './intercom/intercom.calls.js';
import { whatsAppDoors } from './whatsapp/whatsapp.calls.js';

// WhatsApp's and Intercom's declared calls as tRPC procedures under `integrations.*` (the registry hands them to
// integrations.router.ts).
export const messagingProcedures = { ...whatsAppDoors.procedures, ...intercomDoors.procedures };
