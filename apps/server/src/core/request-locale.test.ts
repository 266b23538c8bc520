import { describe, expect, it } from 'vitest';
import { resolveLanguage, resolveTimezone } from './request-locale.js';

describe('resolveTimezone', () => {
  it('canonicalises known IANA zones', () => {
    expect(resolveTimezone('Asia/Dubai')).toBe('Asia/Dubai');
    expect(resolveTimezone(' europe/london ')).toBe('Europe/London');
    expect(resolveTimezone('UTC')).toBe('UTC');
  });

  it('falls back to UTC for anything else, never throwing', () => {
    for (const value of [undefined, null, 42, ['Asia/Dubai'], '', '   ', 'Mars/Olympus', 'Asia/Dubai; DROP TABLE', 'A'.repeat(200)]) {
      expect(resolveTimezone(value)).toBe('UTC');
    }
  });
});

describe('resolveLanguage', () => {
  it('prefers X-Language, then the first Accept-Language entry, then en', () => {
    expect(resolveLanguage('ar', 'fr')).toBe('ar');
    expect(resolveLanguage('EN-gb')).toBe('en-GB');
    expect(resolveLanguage(undefined, 'de-CH,de;q=0.9,en;q=0.8')).toBe('de-CH');
    expect(resolveLanguage('!!', '*')).toBe('en');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
    expect(resolveLanguage('x'.repeat(100))).toBe('en');
  });
});
