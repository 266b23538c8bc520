/** A value of only spaces is flagged; an empty value is left to the required rule. */
export function isWhitespaceOnly(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && value.trim().length === 0;
}
