import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { z } from 'zod';

// The geo lookups, built from what the runtime already knows (libphonenumber-js metadata for countries and
// dialling codes, Intl for names, currencies and zones). No network; the same functions run in the browser and on
// the server. A country's states and cities come from a data package the server reads per country.

export const CountrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  isoCode: z.string(),
  /** '+971': what the customer form's phone code select holds. */
  phoneCode: z.string(),
  flag: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

export const StateSchema = z.object({ _id: z.string(), name: z.string(), isoCode: z.string(), countryCode: z.string() });
export type State = z.infer<typeof StateSchema>;

export const CitySchema = z.object({ _id: z.string(), name: z.string(), countryCode: z.string(), stateCode: z.string().nullable() });
export type City = z.infer<typeof CitySchema>;

export const CurrencySchema = z.object({ _id: z.string(), code: z.string(), name: z.string(), symbol: z.string() });
export type Currency = z.infer<typeof CurrencySchema>;

export const TimezoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** '+04:00' at the moment of the request. */
  offset: z.string(),
  offsetMinutes: z.number().int(),
  label: z.string(),
});
export type Timezone = z.infer<typeof TimezoneSchema>;

export const LanguageSchema = z.object({ _id: z.string(), code: z.string(), name: z.string(), nativeName: z.string() });
export type Language = z.infer<typeof LanguageSchema>;

/** ISO 639-1 codes offered by the language lookup (the languages of the region's clients and agents). */
export const LANGUAGE_CODES = [
  'af',
  'am',
  'ar',
  'az',
  'bg',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fa',
  'fi',
  'fr',
  'ha',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'ka',
  'kk',
  'ko',
  'ku',
  'lt',
  'lv',
  'ml',
  'mr',
  'ms',
  'ne',
  'nl',
  'no',
  'pa',
  'pl',
  'ps',
  'pt',
  'ro',
  'ru',
  'si',
  'sk',
  'so',
  'sq',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'tl',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh',
] as const;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** '🇦🇪' from 'AE'. */
export function flagOf(isoCode: string): string {
  return String.fromCodePoint(...[...isoCode.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

let countries: readonly Country[] | undefined;

/** Every country libphonenumber-js knows, with its dialling code, sorted by English name. */
export function listCountries(): readonly Country[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames('en', { type: 'region' });
  countries = getCountries()
    .map((isoCode) => ({
      _id: isoCode,
      name: names.of(isoCode) ?? isoCode,
      isoCode,
      phoneCode: `+${getCountryCallingCode(isoCode)}`,
      flag: flagOf(isoCode),
    }))
    .sort(byName);
  return countries;
}

/** A country by ISO code or English name, case-insensitive ('ae', 'United Arab Emirates'). */
export function findCountry(codeOrName: string | null | undefined): Country | undefined {
  const key = codeOrName?.trim().toLowerCase();
  if (!key) return undefined;
  return listCountries().find((c) => c.isoCode.toLowerCase() === key || c.name.toLowerCase() === key);
}

let currencies: readonly Currency[] | undefined;

/** ISO 4217 currencies the runtime knows, with English name and narrow symbol, sorted by name. */
export function listCurrencies(): readonly Currency[] {
  if (currencies) return currencies;
  const names = new Intl.DisplayNames('en', { type: 'currency' });
  currencies = Intl.supportedValuesOf('currency')
    .map((code) => {
      const symbol =
        new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
          .formatToParts(0)
          .find((p) => p.type === 'currency')?.value ?? code;
      return { _id: code, code, name: names.of(code) ?? code, symbol };
    })
    .sort(byName);
  return currencies;
}

/** '+04:00' -> 240; 'GMT' -> 0. */
function offsetMinutesOf(gmt: string): number {
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(gmt);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ICU still lists some zones under their old names; the list shows the current IANA names (both are valid ids). */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

// Offsets only change at daylight-saving switches (on the hour or half hour): one computation per quarter hour.
const ZONE_CACHE_MS = 15 * 60_000;
let zoneCache: { slot: number; list: readonly Timezone[] } | undefined;

/** IANA zones with their UTC offset at `now` (offsets move with daylight saving), sorted by name. */
export function listTimezones(now: Date): readonly Timezone[] {
  const slot = Math.floor(now.getTime() / ZONE_CACHE_MS);
  if (zoneCache?.slot === slot) return zoneCache.list;
  const at = new Date(slot * ZONE_CACHE_MS);
  const names = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone').map((zone) => CURRENT_ZONE_NAMES[zone] ?? zone)])];
  const list = names
    .map((name) => {
      const part = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName');
      const offsetMinutes = offsetMinutesOf(part?.value ?? 'GMT');
      const offset = formatOffset(offsetMinutes);
      return { _id: name, name, offset, offsetMinutes, label: `(UTC${offset}) ${name}` };
    })
    .sort(byName);
  zoneCache = { slot, list };
  return list;
}

let languages: readonly Language[] | undefined;

export function listLanguages(): readonly Language[] {
  if (languages) return languages;
  const names = new Intl.DisplayNames('en', { type: 'language' });
  languages = LANGUAGE_CODES.map((code) => ({
    _id: code,
    code,
    name: names.of(code) ?? code,
    nativeName: new Intl.DisplayNames(code, { type: 'language' }).of(code) ?? code,
  })).sort(byName);
  return languages;
}
