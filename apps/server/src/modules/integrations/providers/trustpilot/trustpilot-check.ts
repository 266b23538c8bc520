import type { ConnectionCheck } from '../../connection-tests.js';
import { describeProviderFailure } from '../oauth-grants.js';
import { LABEL, TOKEN_PATH, trustpilotToken } from './trustpilot-client.js';

// Trustpilot's connection test: the client credentials grant (the key and secret buy a token).
export const checkTrustpilot: ConnectionCheck = async (deps, row) => {
  const operation = `POST ${TOKEN_PATH} (connection test)`;
  try {
    await trustpilotToken(deps, row);
    return { ok: true, status: 200, detail: `${LABEL} accepted the credentials.`, operation };
  } catch (error) {
    return { ok: false, ...describeProviderFailure(LABEL, error), operation };
  }
};
