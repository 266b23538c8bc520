// Dates arrive as Date objects (server), ISO strings (JSON) or null. One reader for all of them.
export type DateInput = Date | string | number | null | undefined;

/** A valid Date, or undefined for missing/unparseable input. */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
