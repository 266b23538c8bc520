import { z } from 'zod';
import { NewPasswordSchema } from '../auth/auth.schemas.js';
import { LIMITS } from '../constants/limits.constants.js';
import { PERMISSIONS } from '../permissions/permission-codes.js';
import { optionalId, requiredId } from '../validation/zod-helpers.js';

// Customer calls (docs/api.md 'Other calls'): the calls beside the generic create/update/list, their inputs and answers.

/** Who may call what (docs/product.md 'Permissions'): reading serves the lead form too. */
export const CUSTOMER_CALL_PERMISSIONS = {
  read: [PERMISSIONS.CUSTOMERS_VIEW, PERMISSIONS.LEAD_ADD, PERMISSIONS.LEAD_UPDATE],
  create: [PERMISSIONS.CUSTOMER_ADD],
  update: [PERMISSIONS.CUSTOMER_UPDATE],
} as const;

export const CUSTOMER_CALL_MESSAGES = {
  customerRequired: 'Customer is required.',
  /** Named only for a caller who may see phone numbers and emails: naming it would tell who holds the number. */
  duplicatePhone: (customerID?: string) => `A customer with this phone number already exists${customerID ? ` (${customerID})` : ''}.`,
  duplicateEmail: (customerID?: string) => `A customer with this email already exists${customerID ? ` (${customerID})` : ''}.`,
  credentialsExist: 'This customer already has login credentials.',
  noCredentials: 'This customer has no login credentials yet.',
  customerDisabled: 'This customer is disabled.',
  loginDisabled: 'Login is disabled for this customer.',
  quickLoginInvalid: 'This login link is invalid or has expired.',
  enabledRequired: 'Enabled is required.',
} as const;

/** The customer lookup of the lead form answers at most this many. */
export const CUSTOMER_SEARCH_LIMIT = LIMITS.CUSTOMER_SEARCH;

/** PATCH /customers/{id}/add-credentials and /change-password. */
export const CustomerPasswordInputSchema = z.strictObject({ password: NewPasswordSchema });
export type CustomerPasswordInput = z.infer<typeof CustomerPasswordInputSchema>;

/** PATCH /customers/{id}/change-status: switches the customer's login on or off. */
export const CustomerStatusInputSchema = z.strictObject({ enabled: z.boolean({ error: CUSTOMER_CALL_MESSAGES.enabledRequired }) });
export type CustomerStatusInput = z.infer<typeof CustomerStatusInputSchema>;

/** POST /customers/login-url. `asset` may only repeat the active asset (use ?asset= to work in another). */
export const CustomerLoginUrlInputSchema = z.strictObject({
  customer: requiredId(CUSTOMER_CALL_MESSAGES.customerRequired, 'Customer'),
  asset: optionalId('Asset'),
});
export type CustomerLoginUrlInput = z.infer<typeof CustomerLoginUrlInputSchema>;

/** DELETE /customers/login-url?asset=&customer=. */
export const CustomerLoginUrlRevokeQuerySchema = z.object({
  customer: requiredId(CUSTOMER_CALL_MESSAGES.customerRequired, 'Customer'),
  asset: z.string().optional(),
});

export const CustomerLoginUrlSchema = z.object({
  customer: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type CustomerLoginUrl = z.infer<typeof CustomerLoginUrlSchema>;

/** DELETE /customers/login-url: whether a live link was ended (revoking twice is harmless). */
export const CustomerLoginUrlRevokeResultSchema = z.object({ customer: z.string(), revoked: z.boolean() });
export type CustomerLoginUrlRevokeResult = z.infer<typeof CustomerLoginUrlRevokeResultSchema>;

/** POST /customers/quick-login: what the link's page sends to prove the token (public). */
export const CustomerQuickLoginInputSchema = z.strictObject({
  token: z.string().min(1, CUSTOMER_CALL_MESSAGES.quickLoginInvalid).max(4096),
});

export const CustomerQuickLoginResultSchema = z.object({
  customer: z.object({ _id: z.string(), customerID: z.string(), fullName: z.string() }),
  asset: z.string(),
  expiresAt: z.string(),
});
export type CustomerQuickLoginResult = z.infer<typeof CustomerQuickLoginResultSchema>;

/** Quick-login links: the web page they open and how long they live. */
export const CUSTOMER_QUICK_LOGIN = { PATH: '/customer/quick-login', TTL_HOURS: 72 } as const;
