import { sanitizeSearchTerm } from '@crm/domain';

// docs/product.md 'Lists': search input is trimmed and regex special characters escaped before it is sent; the
// server matches it literally, case-insensitive, over the contract's searchable fields.

/** The keyword to send, or undefined for an empty search. */
export function searchKeyword(text: string): string | undefined {
  return sanitizeSearchTerm(text) || undefined;
}

/**
 * The same search as a `query` condition, for calls that take no keyword (the export): any searchable field
 * containing it (`$regex` is a literal match on the server, docs/api.md 'The list filter').
 */
export function searchCondition(fields: readonly string[], keyword: string | undefined): Record<string, unknown> | null {
  if (!keyword || fields.length === 0) return null;
  return { $or: fields.map((field) => ({ [field]: { $regex: keyword } })) };
}
