import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneSearchDigits, toPhoneNumber } from './phone.js';

describe('isValidPhone', () => {
  it('accepts a valid number for its dialling code in any common notation', () => {
    expect(isValidPhone('+971', '501234567')).toBe(true);
    expect(isValidPhone('971', '50 123 4567')).toBe(true);
    expect(isValidPhone('00971', '50-123-4567')).toBe(true);
    expect(isValidPhone('AE', '501234567')).toBe(true);
    expect(isValidPhone('+1', '4155552671')).toBe(true);
    expect(isValidPhone('+44', '7911123456')).toBe(true);
  });
  it('rejects a number that is too short or long for the code', () => {
    expect(isValidPhone('+971', '50123456')).toBe(false);
    expect(isValidPhone('+971', '5012345678')).toBe(false);
    expect(isValidPhone('+1', '415555267')).toBe(false);
  });
  it('rejects a valid number under the wrong code', () => {
    expect(isValidPhone('+1', '501234567')).toBe(false);
  });
  it('rejects missing or malformed parts', () => {
    expect(isValidPhone('', '501234567')).toBe(false);
    expect(isValidPhone(null, '501234567')).toBe(false);
    expect(isValidPhone('+971', '')).toBe(false);
    expect(isValidPhone('+971', 'abc')).toBe(false);
    expect(isValidPhone('+971', '5e8')).toBe(false);
    expect(isValidPhone('+97x', '501234567')).toBe(false);
    expect(isValidPhone('ZZ', '501234567')).toBe(false);
  });
});

describe('toPhoneNumber', () => {
  it('joins the code and the number without a trunk zero', () => {
    expect(toPhoneNumber('+971', '0501234567')).toBe('+971501234567');
    expect(toPhoneNumber('971', '50 123 4567')).toBe('+971501234567');
    expect(toPhoneNumber('', '501234567')).toBeNull();
    expect(toPhoneNumber('+971', null)).toBeNull();
  });
});

describe('phoneSearchDigits', () => {
  it('reads a phone typed with spaces, dashes, brackets or a plus as its digits', () => {
    expect(phoneSearchDigits('+971 50-123 4567')).toBe('971501234567');
    expect(phoneSearchDigits('(050) 123')).toBe('050123');
    expect(phoneSearchDigits('501234567')).toBe('501234567');
  });
  it('leaves other text and too few digits alone', () => {
    expect(phoneSearchDigits('Mary 050')).toBeNull();
    expect(phoneSearchDigits('mary@example.com')).toBeNull();
    expect(phoneSearchDigits('+9 1')).toBeNull();
    expect(phoneSearchDigits('--')).toBeNull();
  });
});
