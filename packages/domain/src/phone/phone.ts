import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The phone number is valid only together with its code. The code is a dialling code
 * ('+971', '971', '00971') or an ISO country ('AE'). Spaces, dashes and brackets in the number are ignored.
 */
export function isValidPhone(phoneCode: string | null | undefined, phone: string | null | undefined): boolean {
  const code = phoneCode?.trim() ?? '';
  const digits = (phone ?? '').replace(/[\s\-().]/g, '');
  if (!code || !/^\d{3,17}$/.test(digits)) return false;
  if (/^[A-Za-z]{2}$/.test(code)) {
    return parsePhoneNumberFromString(digits, code.toUpperCase() as CountryCode)?.isValid() ?? false;
  }
  const dial = code.replace(/^(\+|00)/, '');
  if (!/^\d{1,4}$/.test(dial)) return false;
  return parsePhoneNumberFromString(`+${dial}${digits}`)?.isValid() ?? false;
}

/** The stored phoneNumber: '+' dial code followed by the national number, e.g. '+971501234567'. */
export function toPhoneNumber(phoneCode: string | null | undefined, phone: string | null | undefined): string | null {
  const code = phoneCode?.trim().replace(/^(\+|00)/, '') ?? '';
  const digits = (phone ?? '').replace(/[\s\-().]/g, '');
  if (!code || !digits || !/^\d+$/.test(code)) return null;
  return `+${code}${digits.replace(/^0+/, '')}`;
}

/**
 * A search text typed like a phone number ('+971 50-123 4567', '(050) 123'), as the digits a stored phoneNumber
 * holds ('971501234567'); null when the text is no phone or too short to mean one (fewer than 3 digits).
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[+\d\s\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/** Phone inputs refuse these keys. */
export const PHONE_BLOCKED_KEYS = ['e', 'E', '-', '+', '.'] as const;
