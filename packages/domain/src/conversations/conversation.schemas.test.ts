import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors/validation-fields.js';
import {
  fillTemplate,
  mayReplyFreely,
  templateParameterCount,
  whatsAppFreeTextUntil,
  WhatsAppSendInputSchema,
} from './conversation.schemas.js';

describe('the WhatsApp 24-hour window', () => {
  const last = '2026-11-20T10:00:00.000Z';
  it('is open until 24 hours after the customer’s last message', () => {
    expect(whatsAppFreeTextUntil(last)?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(mayReplyFreely(last, new Date('2026-11-21T09:59:59Z'))).toBe(true);
    expect(mayReplyFreely(last, new Date('2026-11-21T10:00:00Z'))).toBe(false);
  });
  it('is closed while the customer has not written', () => {
    expect(whatsAppFreeTextUntil(null)).toBeNull();
    expect(mayReplyFreely(null, new Date(last))).toBe(false);
  });
});

describe('templates', () => {
  it('count their highest {{n}} and fill them in order', () => {
    expect(templateParameterCount('Hi {{1}}, {{2}} calls about {{ 3 }}')).toBe(3);
    expect(templateParameterCount('No values')).toBe(0);
    expect(templateParameterCount(null)).toBe(0);
    expect(fillTemplate('Hi {{1}}, {{2}} calls', ['Noor', 'Ann'])).toBe('Hi Noor, Ann calls');
    expect(fillTemplate('Hi {{1}} and {{2}}', ['Noor'])).toBe('Hi Noor and {{2}}');
  });
});

describe('WhatsAppSendInputSchema', () => {
  it('takes a text or a template, not none and not both', () => {
    expect(WhatsAppSendInputSchema.parse({ text: ' Hello ' })).toEqual({ text: 'Hello' });
    expect(WhatsAppSendInputSchema.parse({ template: { name: 'lead_ack' } })).toEqual({ template: { name: 'lead_ack', parameters: [] } });
    expect(fieldErrorsOf(WhatsAppSendInputSchema, {})).toEqual({ text: ['Write a message or pick a template.'] });
    expect(fieldErrorsOf(WhatsAppSendInputSchema, { text: 'x', template: { name: 'a' } })).toEqual({
      text: ['Send either a text or a template, not both.'],
    });
  });
  it('names a bad template name or an empty value', () => {
    expect(fieldErrorsOf(WhatsAppSendInputSchema, { template: { name: 'Lead Ack', parameters: ['a', ' '] } })).toEqual({
      'template.name': ['Template name is invalid: lower-case letters, digits and underscores.'],
      'template.parameters.1': ['Template value {{2}} is required.'],
    });
  });
});
