// The words of lead conversations, WhatsApp and Intercom (docs/api.md 'Lead conversations'): the same in the
// browser's send box and the server's 400/409 answers.
export const CONVERSATION_MESSAGES = {
  conversationNotFound: 'Conversation not found.',
  messageRequired: 'Write a message or pick a template.',
  textOrTemplate: 'Send either a text or a template, not both.',
  textTooLong: (max: number) => `The message must be at most ${max} characters.`,
  templateRequired: 'Pick a template.',
  templateNameInvalid: 'Template name is invalid: lower-case letters, digits and underscores.',
  templateParameterRequired: (index: number) => `Template value {{${index}}} is required.`,
  templateParameterCount: (name: string, count: number) =>
    `The template '${name}' takes ${count} value${count === 1 ? '' : 's'}: fill in every {{n}} of its text.`,
  templateUnknown: (name: string, language: string) => `WhatsApp has no approved template '${name}' in '${language}'.`,
  freeTextWindowClosed: (hours: number) =>
    `Free text can only be sent within ${hours} hours of the customer's last WhatsApp message. Send a template instead.`,
  customerHasNoPhone: "The lead's customer has no valid phone number: WhatsApp needs one.",
  whatsappRefused: (detail: string) => `WhatsApp refused the message: ${detail}`,
  triggerEventUnknown: (event: string) => `Unknown trigger '${event}'.`,
  intercomUnavailable: 'Intercom did not answer: its conversations are shown as last read.',
  intercomCustomerNoKey: 'The customer has neither an id nor an email Intercom can match.',
  webhookForbidden: 'The verify token does not match.',
  webhookSignature: 'Invalid webhook signature',
} as const;
