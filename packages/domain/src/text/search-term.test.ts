import { describe, expect, it } from 'vitest';
import { escapeRegex, sanitizeSearchTerm } from './search-term.js';
import { isWhitespaceOnly } from './whitespace.js';

describe('sanitizeSearchTerm', () => {
  it('trims and escapes every regex special so the term matches literally', () => {
    const term = sanitizeSearchTerm('  1+1 (new) [a-z]* ^$ {2} a|b \\ ? . /  ');
    expect(term).toBe('1\\+1 \\(new\\) \\[a-z\\]\\* \\^\\$ \\{2\\} a\\|b \\\\ \\? \\. \\/');
    const re = new RegExp(term);
    expect(re.test('1+1 (new) [a-z]* ^$ {2} a|b \\ ? . /')).toBe(true);
    expect(new RegExp(term, 'u').test('1+1 (new) [a-z]* ^$ {2} a|b \\ ? . /')).toBe(true);
    expect(re.test('11 (new) [a-z]* ^$ {2} a|b \\ ? . /')).toBe(false);
  });
  it('leaves plain text alone and empties blank input', () => {
    expect(sanitizeSearchTerm('John Smith')).toBe('John Smith');
    expect(sanitizeSearchTerm('   ')).toBe('');
    expect(sanitizeSearchTerm(null)).toBe('');
    expect(escapeRegex('')).toBe('');
  });
  it('neutralises a catastrophic pattern', () => {
    expect(new RegExp(sanitizeSearchTerm('(a+)+$')).source).toBe('\\(a\\+\\)\\+\\$');
  });
});

describe('isWhitespaceOnly', () => {
  it('flags spaces, tabs and newlines only', () => {
    expect(isWhitespaceOnly('   ')).toBe(true);
    expect(isWhitespaceOnly('\t\n')).toBe(true);
    expect(isWhitespaceOnly('')).toBe(false);
    expect(isWhitespaceOnly(' a ')).toBe(false);
    expect(isWhitespaceOnly(undefined)).toBe(false);
  });
});
