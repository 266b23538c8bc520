import { INTEGRATION_MESSAGES as M } from '@crm/domain';
import type { LocalCheck } from '../connection-tests.js';

/**
 * Bayut's and dubizzle's test (no API to call): leads arrive by push and listings go out by our feed, so it checks the
 * lead signing secret and the feed's address are set and the feed is on; the Profolio API is not built, so a setup
 * that asks for it is told so.
 */
export const portalFeedCheck: LocalCheck = ({ label, config, secrets, feedUrl }) => {
  const problems = [
    ...(secrets.leadSecret ? [] : [M.leadSecretMissing]),
    ...(config.feedEnabled === true ? [] : [M.feedOff]),
    ...(feedUrl ? [] : [M.feedSecretMissing]),
    ...(config.apiEnabled === true ? [M.apiNotBuilt(label)] : []),
  ];
  return { ok: problems.length === 0, detail: M.feedCheck(label, problems) };
};
