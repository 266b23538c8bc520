// X-Timezone and X-Language (CONTRACT.md 'Requests'): read on every request, never a reason to fail one.

const MAX_ZONE_LENGTH = 64;
const zoneCache = new Map<string, string | null>();

/** The canonical IANA zone for `value`, or `fallback` ('UTC') when it is missing or unknown to Intl. */
export function resolveTimezone(value: unknown, fallback = 'UTC'): string {
  if (typeof value !== 'string') return fallback;
  const candidate = value.trim();
  if (!candidate || candidate.length > MAX_ZONE_LENGTH) return fallback;
  let zone = zoneCache.get(candidate);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat('en-US', { timeZone: candidate }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
    // Bounded: a client sending a new junk zone per request must not grow memory.
    if (zoneCache.size < 1000) zoneCache.set(candidate, zone);
  }
  return zone ?? fallback;
}

export const DEFAULT_LANGUAGE = 'en';

/** A canonical BCP 47 tag from X-Language, else the first Accept-Language entry, else 'en'. */
export function resolveLanguage(header: unknown, acceptLanguage?: unknown): string {
  for (const source of [header, firstAcceptLanguage(acceptLanguage)]) {
    if (typeof source !== 'string') continue;
    const tag = source.trim();
    if (!tag || tag.length > 35 || tag === '*') continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical) return canonical;
    } catch {
      // not a language tag: try the next source
    }
  }
  return DEFAULT_LANGUAGE;
}

function firstAcceptLanguage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.split(',')[0]?.split(';')[0];
}
