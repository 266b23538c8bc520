import type { EnvelopeStatus } from '@crm/domain';
import { z } from 'zod';

// A DocuSign Connect event as it arrives (JSON, SIM format, eSignature v2.1): its name, when DocuSign made it, and the
// envelope with its summary. Only the envelope events below move an envelope.

/** The envelope events we follow, and the status each gives. */
export const CONNECT_EVENT_STATUS: Record<string, EnvelopeStatus> = {
  'envelope-sent': 'sent',
  'envelope-delivered': 'delivered',
  'envelope-completed': 'completed',
  'envelope-declined': 'declined',
  'envelope-voided': 'voided',
};

export const ConnectEventSchema = z.object({
  event: z.string().min(1),
  generatedDateTime: z.string().min(1),
  data: z.object({
    envelopeId: z.string().min(1),
    envelopeSummary: z
      .object({
        status: z.string().optional(),
        sentDateTime: z.string().optional(),
        deliveredDateTime: z.string().optional(),
        completedDateTime: z.string().optional(),
        declinedDateTime: z.string().optional(),
        voidedDateTime: z.string().optional(),
      })
      .optional(),
  }),
});
export type ConnectEvent = z.infer<typeof ConnectEventSchema>;
