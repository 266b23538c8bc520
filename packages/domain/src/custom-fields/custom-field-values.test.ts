import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { type CustomFieldRule, customFieldProblems, customValueText, mergeCustomFieldValues } from './custom-field-values.js';
import { CustomFieldInputSchema } from './custom-field.contract.js';

const CF = MESSAGES.customField;
const rule = (over: Partial<CustomFieldRule> & Pick<CustomFieldRule, 'key' | 'type'>): CustomFieldRule => ({
  label: over.key,
  options: [],
  required: false,
  enabled: true,
  ...over,
});
const RULES = [
  rule({ key: 'view', label: 'View', type: 'select', options: ['Sea', 'City'], required: true }),
  rule({ key: 'floor', label: 'Floor', type: 'number' }),
  rule({ key: 'moving', label: 'Moving On', type: 'date' }),
  rule({ key: 'features', label: 'Features', type: 'multi-select', options: ['Pool'] }),
  rule({ key: 'pets', label: 'Pets', type: 'boolean' }),
  rule({ key: 'old', label: 'Old', type: 'text', required: true, enabled: false }),
];

describe('custom field values', () => {
  it('pass when they fit their definitions; a disabled field is not required', () => {
    expect(customFieldProblems(RULES, { view: 'Sea', floor: 3.5, moving: '2027-01-31', features: ['Pool'], pets: false })).toEqual({});
  });

  it('name each field that does not fit, with its message', () => {
    expect(customFieldProblems(RULES, { floor: '3', moving: '2027-02-30x', features: ['Gym'], pets: 1, colour: 'red' })).toEqual({
      'customFields.view': [CF.required('View')],
      'customFields.floor': [CF.number('Floor')],
      'customFields.moving': [CF.date('Moving On')],
      'customFields.features': [CF.option('Features', ['Pool'])],
      'customFields.pets': [CF.boolean('Pets')],
      'customFields.colour': [CF.unknown('colour')],
    });
    expect(customFieldProblems(RULES, { view: '  ' })).toEqual({ 'customFields.view': [CF.option('View', ['Sea', 'City'])] });
  });

  it('merge changes into stored values, null or empty clearing one', () => {
    expect(mergeCustomFieldValues({ view: 'Sea', floor: 2 }, { floor: null, pets: true, features: [] })).toEqual({
      view: 'Sea',
      pets: true,
    });
    expect(customValueText(['Pool', 'Gym'])).toBe('Pool, Gym');
    expect(customValueText(true)).toBe('Yes');
  });

  it('definitions: selects need options, other types none, keys are slugs', () => {
    const base = { kind: 'listing', label: 'View' } as const;
    expect(CustomFieldInputSchema.safeParse({ ...base, key: 'view', type: 'select', options: ['Sea'] }).success).toBe(true);
    expect(CustomFieldInputSchema.safeParse({ ...base, key: 'view', type: 'select' }).error?.issues[0]?.message).toBe(CF.optionsRequired);
    expect(CustomFieldInputSchema.safeParse({ ...base, key: 'view', type: 'text', options: ['a'] }).error?.issues[0]?.message).toBe(
      CF.optionsOnlyForSelect,
    );
    expect(CustomFieldInputSchema.safeParse({ ...base, key: 'a.b', type: 'text' }).error?.issues[0]?.message).toBe(CF.keyFormat);
  });
});
