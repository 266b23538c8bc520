import { customerCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import {
  addCustomerCredentials,
  changeCustomerPassword,
  changeCustomerStatus,
  createCustomerLoginUrl,
  revokeCustomerLoginUrl,
  verifyCustomerQuickLogin,
} from './customer-login.service.js';

// A customer's own login, both doors from the declarations (packages/domain customers/customer.calls.ts).
export const customerDoors = serveCalls(customerCalls, {
  createLoginUrl: async ({ deps, actor, input }) => ({ data: await createCustomerLoginUrl({ deps, actor }, input) }),
  revokeLoginUrl: async ({ deps, actor, input }) => ({ data: await revokeCustomerLoginUrl({ deps, actor }, input.customer) }),
  addCredentials: async ({ deps, actor, input: { id, ...password } }) => ({
    data: await addCustomerCredentials({ deps, actor }, id, password),
  }),
  changePassword: async ({ deps, actor, input: { id, ...password } }) => ({
    data: await changeCustomerPassword({ deps, actor }, id, password),
  }),
  changeStatus: async ({ deps, actor, input: { id, ...status } }) => ({ data: await changeCustomerStatus({ deps, actor }, id, status) }),
  quickLogin: async ({ deps, input }) => ({ data: await verifyCustomerQuickLogin(deps, input) }),
});
