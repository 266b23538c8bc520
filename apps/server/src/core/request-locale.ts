// X-Timezone and X-Language (docs/api.md 'Headers'): read on every request, never a reason to fail one.

import { resolveTimezone as resolveZoneName } from '@crm/domain';

// Set on every request by plugins/request-context.plugin.ts.
declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's IANA time zone; date presets ('Today', 'This Month') are computed in it. */
    timezone: string;
    /** The caller's BCP 47 language tag. */
    language: string;
  }
}

const MAX_ZONE_LENGTH = 64;
const zoneCache = new Map<string, string>();

/** The canonical IANA zone for a header value; the rule (unknown -> UTC) is the domain's. */
export function resolveTimezone(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_ZONE_LENGTH) return resolveZoneName(null);
  let zone = zoneCache.get(value);
  if (zone === undefined) {
    zone = resolveZoneName(value);
    // Bounded: a client sending a new junk zone per request must not grow memory.
    if (zoneCache.size < 1000) zoneCache.set(value, zone);
  }
  return zone;
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
