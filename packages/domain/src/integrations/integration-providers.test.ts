import { describe, expect, it } from 'vitest';
import { integrationFormFields } from './integration-form.js';
import { INTEGRATION_MESSAGES as M } from './integration-messages.js';
import { INTEGRATION_KINDS, INTEGRATION_PROVIDER_NAMES, integrationProviders } from './integration-providers.js';
import { integrationPatchSchema, maskSecret, requiredSecretKeys } from './integration.schemas.js';

// The registry: SPEC section 7's 27 providers, strict schemas with field messages, and form facts for each field.

const SPEC_PROVIDERS =
  'salesforce, zapier, sendgrid, activecampaign, tinyurl, trustpilot, theagency, firebase, goyzer, engage, trakheesi, intercom, whatsapp, googlecalendar, amplitude, dncr, propertyfinder, bayut, docusign, cencorp-link, dubizzle, astra, lucasfox, mresidence, jkproperty, oria, parklane'.split(
    ', ',
  );

describe('integrationProviders', () => {
  it('lists exactly the 27 providers of SPEC section 7, each with a label, a known kind and its form facts', () => {
    expect(INTEGRATION_PROVIDER_NAMES).toEqual(SPEC_PROVIDERS);
    for (const name of INTEGRATION_PROVIDER_NAMES) {
      const spec = integrationProviders[name];
      expect(spec.label.length).toBeGreaterThan(1);
      expect(Object.keys(INTEGRATION_KINDS)).toContain(spec.kind);
      const form = integrationFormFields(name);
      expect(form.secrets.length, name).toBeGreaterThan(0);
      expect(form.secrets.every((field) => field.secret)).toBe(true);
      expect(form.config.every((field) => !field.secret && field.label)).toBe(true);
    }
  });

  it('refuses unknown config and secret keys (strict schemas)', () => {
    for (const name of INTEGRATION_PROVIDER_NAMES) {
      const spec = integrationProviders[name];
      expect(spec.config.safeParse({ surprise: 1 }).success, name).toBe(false);
      expect(spec.secrets.safeParse({ surprise: 'x' }).success, name).toBe(false);
    }
  });

  it('puts the partners on one partner-feed model', () => {
    for (const name of ['theagency', 'cencorp-link', 'astra', 'lucasfox', 'mresidence', 'jkproperty', 'oria', 'parklane'] as const) {
      expect(Object.keys(integrationProviders[name].config.shape)).toEqual(['partnerName', 'feedFormat', 'listingFilter', 'leadSource']);
      expect(requiredSecretKeys(name)).toEqual(['sharedSecret']);
    }
  });

  it('answers field messages for a bad config', () => {
    const bad = integrationProviders.sendgrid.config.safeParse({ fromEmail: 'not-an-email', defaultListIds: ['a'] });
    expect(bad.success).toBe(false);
    const issues = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({ fromEmail: M.email('From email'), fromName: M.required('From name') });
    const host = integrationProviders.activecampaign.config.safeParse({ apiUrl: 'https://evil.example.com' });
    expect(host.error?.issues[0]?.message).toBe(M.urlHost('API URL', '*.api-us1.com or *.activehosted.com'));
    expect(integrationProviders.activecampaign.config.safeParse({ apiUrl: 'https://acme.api-us1.com' }).success).toBe(true);
  });

  it('keeps a secret on an echoed mask, clears it on null, and checks a new one', () => {
    const patch = integrationPatchSchema('propertyfinder');
    const parsed = patch.parse({ secrets: { apiKey: maskSecret('abcdefghijklmnop'), apiSecret: null, webhookSecret: 'whsec_1' } });
    expect(parsed.secrets).toEqual({ apiSecret: null, webhookSecret: 'whsec_1' });
    expect(patch.safeParse({ secrets: { apiKey: '' } }).error?.issues[0]?.message).toBe(M.required('API key'));
    const pem = integrationPatchSchema('salesforce').safeParse({ secrets: { privateKey: 'plain' } });
    expect(pem.error?.issues[0]?.message).toBe(M.pem('Private key (PEM)'));
  });
});
