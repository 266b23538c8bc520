import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { isWhitespaceOnly } from '../text/whitespace.js';

// Small builders so every schema phrases "required", "invalid" and "only whitespace" the same way.

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** A record id (the database uses UUIDs): missing -> `requiredMessage`, malformed -> '<Label> is invalid.' */
export function requiredId(requiredMessage: string, label: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .refine((v) => v === '' || UUID_PATTERN.test(v), { error: MESSAGES.lead.invalidOption(label) });
}

/** An optional record id; null and '' mean "none". */
export function optionalId(label: string) {
  return z
    .string()
    .regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption(label) })
    .nullish()
    .or(z.literal(''));
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Required free text: '' or missing -> `requiredMessage`; only spaces -> `whitespaceMessage`. Trimmed. */
export function requiredText(requiredMessage: string, whitespaceMessage: string = MESSAGES.common.fieldOnlyWhitespace, max = 500) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .refine((v) => !isWhitespaceOnly(v), { error: whitespaceMessage })
    .max(max, { error: `Must be at most ${max} characters.` })
    .trim();
}

/** Optional free text that may not be only spaces. Trimmed. */
export function optionalText(max = 500, whitespaceMessage: string = MESSAGES.common.fieldOnlyWhitespace) {
  return z
    .string()
    .refine((v) => !isWhitespaceOnly(v), { error: whitespaceMessage })
    .max(max, { error: `Must be at most ${max} characters.` })
    .trim()
    .nullish();
}

/** One of `values`: missing -> `requiredMessage`, anything else -> '<Label> is invalid.' */
export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T, requiredMessage: string, label: string) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? requiredMessage : MESSAGES.lead.invalidOption(label)) });
}

export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: MESSAGES.lead.invalidOption(label) }).nullish();
}

/**
 * superRefine option: run an object's cross-field rules even when a field already failed (a missing
 * customer, say), so a form shows every problem at once. Only a non-object value skips them.
 */
export const RUN_EVEN_WITH_ISSUES = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
