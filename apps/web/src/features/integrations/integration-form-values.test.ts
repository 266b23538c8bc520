import { describe, expect, it } from 'vitest';
import { integrationFormFields, INTEGRATION_MESSAGES as M, type IntegrationRecord } from '@crm/domain';
import { toFormValues, toPatchBody, validatePatch } from './integration-form-values';

const goyzer = integrationFormFields('goyzer');

describe('integration form values', () => {
  it('turns a map field into lines and back, leaves blanks out and sends only typed secrets', () => {
    const record = {
      enabled: true,
      config: { groupCode: 'G1', officeMap: { Marina: 'OFF-1', Downtown: 'OFF-2' } },
    } as unknown as IntegrationRecord;
    const values = toFormValues(record, goyzer.config);
    expect(values).toEqual({
      enabled: true,
      config: { groupCode: 'G1', officeMap: 'Marina = OFF-1\nDowntown = OFF-2' },
      secrets: {},
      clear: {},
    });
    const body = toPatchBody({ ...values, secrets: { accessCode: '  ' } }, goyzer.config);
    expect(body).toEqual({ enabled: true, config: { groupCode: 'G1', officeMap: { Marina: 'OFF-1', Downtown: 'OFF-2' } } });
    expect(toPatchBody({ ...values, secrets: { accessCode: 'new-code' } }, goyzer.config).secrets).toEqual({ accessCode: 'new-code' });
    // A secret ticked for removal is sent as null; one typed anew wins over the tick.
    expect(toPatchBody({ ...values, clear: { accessCode: true } }, goyzer.config).secrets).toEqual({ accessCode: null });
    expect(toPatchBody({ ...values, secrets: { accessCode: 'x-1' }, clear: { accessCode: true } }, goyzer.config).secrets).toEqual({
      accessCode: 'x-1',
    });
  });

  it('checks the body with the provider schema, with the server messages', () => {
    const body = toPatchBody({ enabled: true, config: { groupCode: '' }, secrets: {}, clear: {} }, goyzer.config);
    expect(validatePatch('goyzer', body)).toEqual({ 'config.groupCode': [M.required('Group code')] });
  });
});
