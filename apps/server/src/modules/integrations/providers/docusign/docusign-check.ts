import type { ConnectionCheck } from '../../connection-tests.js';
import { describeProviderFailure } from '../oauth-grants.js';
import { LABEL, openDocuSignSession } from './docusign-auth.js';

// DocuSign's connection test: the JWT grant and userinfo, which must list the configured account.
export const checkDocuSign: ConnectionCheck = async (deps, row) => {
  const operation = 'POST /oauth/token + GET /oauth/userinfo (connection test)';
  try {
    await openDocuSignSession(deps, row);
    return { ok: true, status: 200, detail: `${LABEL} accepted the credentials.`, operation };
  } catch (error) {
    return { ok: false, ...describeProviderFailure(LABEL, error), operation };
  }
};
