import { type AnyField, formatAmount, formatInZone, MESSAGES, populated } from '@crm/domain';
import { relatedName } from '../resource/refs';

// docs/product.md 'Lists': one reading of a value per field kind, shared by table cells, detail views and tests.
// Dates are shown in the caller's zone, money with 2 decimals, booleans as Yes/No, references by name.

export const DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A';

const EMPTY = MESSAGES.record.empty;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A field's value as text ('-' when empty). */
export function fieldText(field: AnyField, value: unknown, timeZone?: string): string {
  if (isEmpty(value)) return EMPTY;
  switch (field.kind) {
    case 'date':
      return typeof value === 'string' ? formatInZone(value, DATE_TIME_FORMAT, timeZone) || EMPTY : EMPTY;
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? formatAmount(value) || EMPTY : EMPTY;
    case 'int':
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'boolean':
      return value === true ? MESSAGES.common.yes : MESSAGES.common.no;
    case 'id':
      if (typeof value === 'string') return value;
      return typeof value === 'object' ? (relatedName(populated(value)) ?? EMPTY) : EMPTY;
    case 'strings':
    case 'ints':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'json':
      return typeof value === 'string' ? value : EMPTY;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : EMPTY;
  }
}
