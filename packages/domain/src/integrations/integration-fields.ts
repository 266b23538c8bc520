import { z } from 'zod';
import { INTEGRATION_MESSAGES as M } from './integration-messages.js';

// Builders for the providers' config and secrets schemas (integration-providers.ts). Each field carries, in a zod
// registry, what the screen needs to draw its form from the schema alone: label, input kind, options, required.

export type IntegrationInput = 'text' | 'textarea' | 'url' | 'email' | 'switch' | 'number' | 'select' | 'tags' | 'map' | 'secret';

export interface IntegrationFieldMeta {
  label: string;
  input: IntegrationInput;
  required: boolean;
  options?: readonly string[];
  /** A secret answered only masked; multi-line (a PEM key, a service account JSON) when `input` is textarea. */
  secret?: boolean;
  help?: string;
}

/** The form facts of every provider field, keyed by the field's schema (integration-form.ts reads them). */
export const integrationFieldRegistry = z.registry<IntegrationFieldMeta>();

const TEXT_MAX = 500;
const SECRET_MAX = 20_000;

interface Opts {
  required?: boolean;
  help?: string;
}
const meta = (label: string, input: IntegrationInput, opts: Opts = {}, extra: Partial<IntegrationFieldMeta> = {}) => ({
  label,
  input,
  required: opts.required ?? false,
  ...(opts.help ? { help: opts.help } : {}),
  ...extra,
});

function text(label: string, opts: Opts = {}, max = TEXT_MAX) {
  const base = z
    .string({ error: M.required(label) })
    .trim()
    .min(1, { error: M.required(label) })
    .max(max, { error: M.tooLong(label, max) });
  const schema = opts.required ? base : base.optional();
  return schema.register(integrationFieldRegistry, meta(label, 'text', opts));
}

/** An https address, optionally only on the given hosts (`*.example.com` matches its subdomains). */
function url(label: string, opts: Opts & { hosts?: readonly string[] } = {}) {
  const hosts = opts.hosts;
  const base = z
    .string({ error: M.required(label) })
    .trim()
    .min(1, { error: M.required(label) })
    .max(TEXT_MAX, { error: M.tooLong(label, TEXT_MAX) })
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { error: M.url(label) })
    .refine((value) => !hosts || !URL.canParse(value) || hostMatches(new URL(value).hostname, hosts), {
      error: M.urlHost(label, (hosts ?? []).join(' or ')),
    });
  const schema = opts.required ? base : base.optional();
  return schema.register(integrationFieldRegistry, meta(label, 'url', opts));
}

function hostMatches(host: string, hosts: readonly string[]) {
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

function email(label: string, opts: Opts = {}) {
  const base = z.email({ error: (issue) => (issue.input === undefined ? M.required(label) : M.email(label)) }).max(254);
  const schema = opts.required ? base : base.optional();
  return schema.register(integrationFieldRegistry, meta(label, 'email', opts));
}

function flag(label: string, opts: Opts = {}) {
  return z
    .boolean({ error: M.invalid(label) })
    .optional()
    .register(integrationFieldRegistry, meta(label, 'switch', opts));
}

function whole(label: string, min: number, max: number, opts: Opts = {}) {
  const message = M.wholeNumber(label, min, max);
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? M.required(label) : message) })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
  const schema = opts.required ? base : base.optional();
  return schema.register(integrationFieldRegistry, meta(label, 'number', opts));
}

function choice<const T extends readonly [string, ...string[]]>(label: string, values: T, opts: Opts = {}) {
  const base = z.enum(values, { error: (issue) => (issue.input === undefined ? M.required(label) : M.invalid(label)) });
  const schema = opts.required ? base : base.optional();
  return schema.register(integrationFieldRegistry, meta(label, 'select', opts, { options: values }));
}

/** A list of short strings (ids, tags); `options` restricts it to known values. */
function list(label: string, opts: Opts & { options?: readonly [string, ...string[]] } = {}) {
  const item = opts.options
    ? z.enum(opts.options, { error: M.invalid(label) })
    : z
        .string()
        .trim()
        .min(1, { error: M.invalid(label) })
        .max(200, { error: M.invalid(label) });
  return z
    .array(item, { error: M.invalid(label) })
    .max(100, { error: M.invalid(label) })
    .optional()
    .register(integrationFieldRegistry, meta(label, 'tags', opts, opts.options ? { options: opts.options } : {}));
}

/** Our field name to the provider's (a field map, an office map). */
function map(label: string, opts: Opts = {}) {
  return z
    .record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200), { error: M.invalid(label) })
    .optional()
    .register(integrationFieldRegistry, meta(label, 'map', opts));
}

/** Events to provider template names (WhatsApp's triggers): each key one of `events`, each value a template's name. */
function eventMap<const T extends readonly [string, ...string[]]>(label: string, events: T, opts: Opts = {}) {
  return z
    .partialRecord(
      z.enum(events, { error: M.invalid(label) }),
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, { error: M.invalid(label) }),
      { error: M.invalid(label) },
    )
    .optional()
    .register(integrationFieldRegistry, meta(label, 'map', opts, { options: events }));
}

type SecretShape = 'line' | 'pem' | 'json';
/** A credential: stored encrypted, answered masked. `required` ones must be set before the provider counts as configured. */
function secret(label: string, opts: Opts & { shape?: SecretShape } = {}) {
  const shape = opts.shape ?? 'line';
  const schema = z
    .string({ error: M.required(label) })
    .trim()
    .min(1, { error: M.required(label) })
    .max(SECRET_MAX, { error: M.tooLong(label, SECRET_MAX) })
    .refine((value) => shape !== 'pem' || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value), { error: M.pem(label) })
    .refine((value) => shape !== 'json' || isJsonObject(value), { error: M.json(label) })
    .optional();
  return schema.register(integrationFieldRegistry, meta(label, shape === 'line' ? 'secret' : 'textarea', opts, { secret: true }));
}

function isJsonObject(value: string) {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export const field = { text, url, email, flag, whole, choice, list, map, eventMap, secret };
