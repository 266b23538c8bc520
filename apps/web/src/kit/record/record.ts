import type { ResourceRecord } from '@crm/domain';

// The generic resource API answers loose records (`_id` plus the resource's fields). These readers turn a
// field into the type a screen needs, or undefined, so no screen casts.

export type LooseRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is LooseRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(record: LooseRecord | null | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function numberOf(record: LooseRecord | null | undefined, key: string): number | undefined {
  const value = record?.[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function flag(record: LooseRecord | null | undefined, key: string): boolean {
  return record?.[key] === true;
}

export function texts(record: LooseRecord | null | undefined, key: string): string[] {
  const value = record?.[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function child(record: LooseRecord | null | undefined, key: string): LooseRecord | undefined {
  const value = record?.[key];
  return isRecord(value) ? value : undefined;
}

/** A reference that may be populated (`{ _id, ... }`) or left as its id. */
export function refId(record: LooseRecord | null | undefined, key: string): string | undefined {
  const value = record?.[key];
  if (typeof value === 'string' && value.length > 0) return value;
  return isRecord(value) ? text(value, '_id') : undefined;
}

/** The rows of a `{ data: [...] }` answer that carry an `_id`. */
export function rowsOf(answer: { data?: unknown } | null | undefined): ResourceRecord[] {
  const data = answer?.data;
  if (!Array.isArray(data)) return [];
  return data.filter((row): row is ResourceRecord => isRecord(row) && typeof row._id === 'string');
}
