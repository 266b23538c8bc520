import { describe, expect, it } from 'vitest';
import { findCountry, flagOf, listCountries, listCurrencies, listLanguages, listTimezones } from './geo.js';

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));

describe('geo lists', () => {
  it('names every country in English with its dialling code, sorted by name', () => {
    const countries = listCountries();
    expect(countries.map((c) => c.name)).toEqual(sorted(countries.map((c) => c.name)));
    expect(findCountry('ae')).toEqual({ _id: 'AE', name: 'United Arab Emirates', isoCode: 'AE', phoneCode: '+971', flag: '🇦🇪' });
    expect(findCountry('united kingdom')?.phoneCode).toBe('+44');
    expect(findCountry('Atlantis')).toBeUndefined();
    expect(flagOf('gb')).toBe('🇬🇧');
  });

  it('gives currencies, languages and zone offsets at a moment', () => {
    expect(listCurrencies().find((c) => c.code === 'USD')).toMatchObject({ name: 'US Dollar', symbol: '$' });
    expect(listLanguages().find((l) => l.code === 'en')).toMatchObject({ name: 'English', nativeName: 'English' });
    const winter = listTimezones(new Date('2026-01-15T12:00:00Z')).find((z) => z.name === 'Europe/London');
    const summer = listTimezones(new Date('2026-07-15T12:00:00Z')).find((z) => z.name === 'Europe/London');
    expect([winter?.offset, summer?.offset]).toEqual(['+00:00', '+01:00']);
    expect(listTimezones(new Date()).some((z) => z.name === 'Asia/Kolkata')).toBe(true);
  });
});
