import type { IntegrationConfig } from '@crm/domain';
import type { SecretValues } from '../../core/secret-box.js';
import type { Env } from '../../env.js';
import type { AppDeps } from '../../core/deps.js';
import type { IntegrationRow } from './integration-record.js';

// The shapes of a connection test (docs/api.md 'Integrations', POST {name}/test), which each provider's declaration
// brings (providers/<name>/<name>.provider.ts `connection`): a probe (its cheapest authenticated call: what to send,
// and whether the answer means the credentials work), a check of several calls, or a local check of what is stored.

export interface ConnectionProbe {
  method: 'GET' | 'POST';
  path: string;
  /** An address of its own instead of the provider's base URL + path (Firebase: the service account's token_uri). */
  url?: string;
  headers: Record<string, string>;
  body?: string;
  /** The answer's status and JSON body (null when not JSON) mean the provider accepted the credentials. */
  accepts(status: number, json: unknown): boolean;
}

export type ProbeBuilder = (input: {
  config: IntegrationConfig;
  secrets: SecretValues;
  env: Env;
  now: Date;
}) => ConnectionProbe | Promise<ConnectionProbe>;

export const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
export const hasKey = (json: unknown, key: string) => typeof json === 'object' && json !== null && key in json;

/** The outcome of a connection test, whichever way it was made. */
export interface ConnectionOutcome {
  ok: boolean;
  status: number | null;
  detail: string;
  /** What the integration log calls it. */
  operation: string;
}

/** A test that takes more than one call (a token first, then the cheapest call it opens), answering its outcome. */
export type ConnectionCheck = (deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>, row: IntegrationRow) => Promise<ConnectionOutcome>;

/**
 * Providers with no API to call for a test (ours to check instead), answering what could be checked. Bayut and
 * dubizzle: leads arrive by push and listings go out by our feed, so a test checks the lead signing secret and the
 * feed's address are set and the feed is on; the Profolio API is not built, so a setup that asks for it is told so.
 */
export interface LocalCheckInput {
  label: string;
  config: IntegrationConfig;
  secrets: SecretValues;
  feedUrl: string | null;
}
export type LocalCheck = (input: LocalCheckInput) => { ok: boolean; detail: string };
