import type { RouteCase } from '../../resources/activity-routes.kit.js';
import { leadWithReachableCustomer, withWhatsApp } from '../../resources/activity-routes.providers.js';

// Test-only: the activity route table's cases of a WhatsApp message sent to a lead's customer (a row of its conversation), through the WhatsApp fake, for
// resources/activity-log-routes.test.ts.

export const CONVERSATION_CASES: Readonly<Record<string, RouteCase>> = {
  'leads.sendWhatsApp': async (kit, op) => {
    await withWhatsApp(kit);
    const lead = await leadWithReachableCustomer(kit);
    // The customer wrote a minute ago (their conversation exists): free text may be sent.
    const conversation = await kit.ctx.db.conversation.create({
      data: {
        companyId: kit.leads.company.id,
        assetId: kit.leads.asset.id,
        leadId: lead._id,
        customerId: lead.customer._id,
        channel: 'whatsapp',
        externalId: lead.waId,
        lastInboundAt: new Date(Date.now() - 60_000),
        lastMessageAt: new Date(Date.now() - 60_000),
      },
    });
    return {
      send: () => kit.leadsAdmin.post(kit.path(op, { id: lead._id }), { text: 'We can show it on Saturday.' }),
      rows: () => [{ subjectType: 'conversations', subjectId: conversation.id, action: 'create' }],
    };
  },
};
