import { LeadFormSchema } from '@crm/domain';
import type { FormRule } from 'antd';
import { zodRules } from '../../../kit/form/zod-rules';
import type { LeadFormField } from './lead-form-values';

/** antd rules of one lead form field: the domain's LeadFormSchema, its exact messages. */
export function leadRules(field: LeadFormField): FormRule[] {
  return zodRules(LeadFormSchema, field);
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function toOptions(values: readonly string[], labels?: Readonly<Record<string, string>>): SelectOption[] {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}

/** A stored value missing from a lookup still shows as itself (a city no longer listed, say). */
export function withCurrent(options: SelectOption[], current: string | null | undefined): SelectOption[] {
  return current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;
}

/** Agents not enabled stay visible but cannot be chosen (docs/product.md 'Permissions'). */
export function memberOptions(members: readonly { _id: string; name: string; enabled: boolean }[]): SelectOption[] {
  return members.map((m) => ({ value: m._id, label: m.name, disabled: !m.enabled }));
}

export const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;
