import { sendGridCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { sendGridContactLists } from '../provider-lookups.service.js';

// SendGrid's contact lists, both doors from their declaration (packages/domain marketing.calls.ts).
export const sendGridDoors = serveCalls(sendGridCalls, {
  sendgridContactLists: ({ deps, actor, asset }) => sendGridContactLists(deps, actor, asset),
});
