import type { IntegrationProviderName } from '@crm/domain';
import type { AppDeps } from '../../../core/deps.js';
import type { IntegrationRow } from '../integration-record.js';
import { checkDocuSign } from './docusign/docusign-check.js';
import { checkGoogleCalendar } from './googlecalendar/calendar-check.js';
import { checkTrustpilot } from './trustpilot/trustpilot-check.js';

// Connection tests that take more than one call (POST {name}/test, docs/api.md 'Integrations'): a token first, then
// the cheapest call it opens. Each answers the outcome; integration-test.service.ts stores and logs it. The single
// request tests are in connection-tests.ts.

/** The outcome of a connection test, whichever way it was made. */
export interface ConnectionOutcome {
  ok: boolean;
  status: number | null;
  detail: string;
  /** What the integration log calls it. */
  operation: string;
}

export type ConnectionCheck = (deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>, row: IntegrationRow) => Promise<ConnectionOutcome>;

export const CONNECTION_CHECKS: Partial<Record<IntegrationProviderName, ConnectionCheck>> = {
  googlecalendar: checkGoogleCalendar,
  docusign: checkDocuSign,
  trustpilot: checkTrustpilot,
};
