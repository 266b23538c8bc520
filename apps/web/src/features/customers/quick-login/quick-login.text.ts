import { CUSTOMER_CALL_MESSAGES } from '@crm/domain';

// Texts of the page a customer's quick-login link opens, beside the domain's message catalogue. The refusal is the
// server's own message.
export const QUICK_LOGIN_TEXT = {
  checking: 'Checking your link…',
  invalid: CUSTOMER_CALL_MESSAGES.quickLoginInvalid,
  welcome: (fullName: string) => `Welcome, ${fullName}`,
  details: (customerID: string, until: string) => `Customer ID ${customerID}. This link works until ${until}.`,
  retry: 'Try again',
} as const;
