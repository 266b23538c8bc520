import { describe, expect, it } from 'vitest';
import {
  customerNameFromProfile,
  phoneOfWhatsAppId,
  triggerTemplateValues,
  whatsAppEventKey,
  whatsAppEventsOf,
  whatsAppIdOf,
  WhatsAppWebhookSchema,
} from './whatsapp-cloud.js';

const notification = WhatsAppWebhookSchema.parse({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '97140000000', phone_number_id: '555' },
            contacts: [{ profile: { name: 'Layla' }, wa_id: '971501234567' }],
            messages: [
              { from: '971501234567', id: 'wamid.A', timestamp: '1763640000', type: 'text', text: { body: 'Hello' } },
              { from: '971501234567', id: 'wamid.B', timestamp: '1763640060', type: 'image', image: { caption: '' } },
              { from: '971501234567', id: 'wamid.C', timestamp: '1763640120', type: 'button', button: { text: 'Call me' } },
            ],
            statuses: [
              {
                id: 'wamid.OUT',
                status: 'failed',
                timestamp: '1763640180',
                recipient_id: '971501234567',
                errors: [{ code: 131047, title: 'Re-engagement message' }],
              },
              { id: 'wamid.OUT', status: 'deleted', timestamp: '1763640190' },
            ],
          },
        },
        { field: 'message_template_status_update', value: { event: 'APPROVED' } },
      ],
    },
  ],
});

describe('whatsAppEventsOf', () => {
  it('reads every message (its text, a button, a media type) and every known status, skipping other fields', () => {
    const events = whatsAppEventsOf(notification);
    expect(events).toEqual([
      {
        kind: 'message',
        phoneNumberId: '555',
        wamid: 'wamid.A',
        from: '971501234567',
        name: 'Layla',
        at: '2025-11-20T12:00:00.000Z',
        type: 'text',
        body: 'Hello',
      },
      {
        kind: 'message',
        phoneNumberId: '555',
        wamid: 'wamid.B',
        from: '971501234567',
        name: 'Layla',
        at: '2025-11-20T12:01:00.000Z',
        type: 'image',
        body: '[image]',
      },
      {
        kind: 'message',
        phoneNumberId: '555',
        wamid: 'wamid.C',
        from: '971501234567',
        name: 'Layla',
        at: '2025-11-20T12:02:00.000Z',
        type: 'button',
        body: 'Call me',
      },
      {
        kind: 'status',
        phoneNumberId: '555',
        wamid: 'wamid.OUT',
        status: 'failed',
        at: '2025-11-20T12:03:00.000Z',
        error: '131047 Re-engagement message',
      },
    ]);
    expect(events.map(whatsAppEventKey)).toEqual(['message:wamid.A', 'message:wamid.B', 'message:wamid.C', 'status:wamid.OUT:failed']);
  });
});

describe('WhatsApp numbers and names', () => {
  it('turns a stored number into a WhatsApp id and back', () => {
    expect(whatsAppIdOf('+971501234567')).toBe('971501234567');
    expect(whatsAppIdOf('+97150')).toBeNull();
    expect(whatsAppIdOf(null)).toBeNull();
    expect(phoneOfWhatsAppId('971501234567')).toEqual({ phoneCode: '+971', phone: '501234567', phoneNumber: '+971501234567' });
    expect(phoneOfWhatsAppId('12')).toBeNull();
  });
  it('makes a customer name our rules take from a profile name', () => {
    expect(customerNameFromProfile('Omar 🏠 Haddad')).toEqual({ firstName: 'Omar', lastName: 'Haddad' });
    expect(customerNameFromProfile('ليلى')).toEqual({ firstName: 'ليلى', lastName: null });
    expect(customerNameFromProfile('😀 123')).toEqual({ firstName: 'WhatsApp', lastName: 'Contact' });
    expect(customerNameFromProfile(null)).toEqual({ firstName: 'WhatsApp', lastName: 'Contact' });
  });
  it('fills at most three trigger values', () => {
    const lead = { customerFirstName: 'Noor', agentName: null, leadID: 'L-7' };
    expect(triggerTemplateValues(3, lead)).toEqual(['Noor', 'our team', 'L-7']);
    expect(triggerTemplateValues(1, lead)).toEqual(['Noor']);
    expect(triggerTemplateValues(4, lead)).toBeNull();
  });
});
