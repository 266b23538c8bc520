// Customer types (docs/product.md 'Customers'). External Agent and Spam customers mark a lead as spam/external.
export const CUSTOMER_TYPE = { CLIENT: 'Client', EXTERNAL_AGENT: 'External Agent', SPAM: 'Spam' } as const;
export const CUSTOMER_TYPES = ['Client', 'External Agent', 'Spam'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const DEFAULT_CUSTOMER_TYPE: CustomerType = 'Client';

/** Leads of these customers get no pool SLA and the form disables the SLA pickers. */
export function isSpamOrExternalCustomer(type: string | null | undefined): boolean {
  return type === CUSTOMER_TYPE.SPAM || type === CUSTOMER_TYPE.EXTERNAL_AGENT;
}

/** Hidden from, and never sent by, users without VIEW_SENSITIVE_INFORMATION when editing. */
export const CUSTOMER_SENSITIVE_FIELDS = ['email', 'phone', 'phoneCode'] as const;
export type CustomerSensitiveField = (typeof CUSTOMER_SENSITIVE_FIELDS)[number];

/** What the mail provider's events say of a customer's address (SendGrid's Event Webhook); none while it is fine. */
export const CUSTOMER_EMAIL_STATUSES = ['bounced', 'unsubscribed', 'spam'] as const;
export type CustomerEmailStatus = (typeof CUSTOMER_EMAIL_STATUSES)[number];
export const CUSTOMER_EMAIL_STATUS_LABELS: Record<CustomerEmailStatus, string> = {
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  spam: 'Marked as spam',
};
