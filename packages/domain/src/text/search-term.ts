// docs/product.md 'Lists': search inputs are trimmed and regex special characters escaped, so a user's
// "1+1 (new)" is matched literally, never as a pattern.
// '-' is left alone: it is only special inside a class, which cannot open since '[' is escaped, and
// escaping it would be a syntax error in a unicode-mode RegExp.
const REGEX_SPECIALS = /[.*+?^${}()|[\]\\/]/g;

export function escapeRegex(value: string): string {
  return value.replace(REGEX_SPECIALS, '\\$&');
}

export function sanitizeSearchTerm(value: string | null | undefined): string {
  return escapeRegex((value ?? '').trim());
}
