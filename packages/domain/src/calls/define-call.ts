import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes.js';
import type { PermissionCode } from '../permissions/permission-codes.js';

// One declaration per non-CRUD call (docs/architecture.md 'One declaration per call'): the server derives from it
// the REST route (and so its OpenAPI operation) and the tRPC procedure, both admitted by one function. The
// declaration lives here, beside the module's contract, so the web and the server read the same facts.

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call that needs every one of its permissions (a lead's upsert creates or updates: both). */
export interface AllOfPermissions {
  allOf: readonly PermissionCode[];
}

/**
 * Who may call: any one of these permissions (never none: calls/call-doors.test.ts), all of them (`{ allOf }`), any
 * signed-in caller, or anyone (no token read).
 */
export type CallAccess = readonly PermissionCode[] | AllOfPermissions | 'signed-in' | 'public';

/** The permissions a call names and whether it needs all of them; none for a signed-in or public call. */
export function permissionsOf(access: CallAccess): { codes: readonly PermissionCode[]; mode: 'any' | 'all' } | null {
  if (access === 'public' || access === 'signed-in') return null;
  return 'allOf' in access ? { codes: access.allOf, mode: 'all' } : { codes: access, mode: 'any' };
}

/** The tenancy the call runs in: the caller's active (or named) asset, the caller's company, or none. */
export type CallScope = 'asset' | 'company' | 'none';

/** How REST answers the output: wrapped as `{ data: output }`, or the output itself (lists with `meta`, older calls). */
export type RestEnvelope = 'data' | 'bare';

type Schema = z.ZodType;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type SuccessStatus = 200 | 201 | 202;

/**
 * An answer whose status depends on the outcome (an upsert: 201 created, 200 updated): every status it may answer,
 * which one this output is, and the REST body (its schema keeps only its own fields, so tRPC may say more).
 */
export interface RestOutcome<O> {
  statuses: readonly SuccessStatus[];
  answer: Schema;
  statusOf(output: O): SuccessStatus;
}

/** The REST parts after Fastify parsed them. */
export interface RestParts<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

interface RestRoute<P, Q, B> {
  method: CallMethod;
  /** Under /api, with Fastify's `:name` params. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success status (200 unless told). */
  status?: SuccessStatus;
  envelope: RestEnvelope;
  /**
   * The REST body's schema where it is narrower than the enveloped output (one lookup's rows, where the family's
   * tRPC output holds every lookup's fields); the output must fit it.
   */
  answer?: Schema;
  /**
   * The path param naming the asset an asset-scoped call works in over REST (`/api/assets/:id/integrations/...`): one
   * the caller may enter, else 404 like a missing one. Its tRPC door works in the caller's active asset.
   */
  assetParam?: string;
}

/**
 * How the parsed parts make the call's input, wherever REST declares its own parts (the path's `id` is the input's
 * `lead`, the body its `message`...). Without parts, the input is REST's query (GET, DELETE) or body as it is.
 * A method, not a property: its parameter is then read bivariantly, so every declaration is an AnyCall.
 */
type PartsToInput<I, P, Q, B> = [P, Q, B] extends [undefined, undefined, undefined]
  ? { toInput?: never }
  : I extends z.ZodType
    ? { toInput(parts: RestParts<P, Q, B>): z.output<I> }
    : { toInput?: never };

export type RestDoor<I, P, Q, B> = RestRoute<P, Q, B> & PartsToInput<I, P, Q, B>;

/**
 * One more REST operation onto the same call (a family sharing one tRPC procedure: a lead's history, and of one kind),
 * with its own operationId and parts; `restDoor` keeps each one's parts typed for its `toInput`.
 */
export interface ExtraRestDoor<I = Schema | undefined> extends RestRoute<Schema | undefined, Schema | undefined, Schema | undefined> {
  operationId: string;
  summary: string;
  toInput(parts: RestParts<Schema | undefined, Schema | undefined, Schema | undefined>): I extends z.ZodType ? z.output<I> : undefined;
}

/** Declares an extra REST door of a call whose input is `input`. */
export function restDoor<
  I extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  _input: I,
  door: RestRoute<P, Q, B> & { operationId: string; summary: string; toInput(parts: RestParts<P, Q, B>): z.output<I> },
): ExtraRestDoor<I> {
  // The parts are the door's own schemas, so what Fastify parsed is what toInput reads.
  return door as unknown as ExtraRestDoor<I>;
}

export interface CallDeclaration<
  I extends Schema | undefined = Schema | undefined,
  O extends Schema = Schema,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  A extends CallAccess = CallAccess,
  S extends CallScope = CallScope,
  K extends CallKind = CallKind,
> {
  operationId: string;
  summary: string;
  /** The OpenAPI operation's longer description, where the summary is not enough. */
  description?: string;
  /** The OpenAPI tag (plugins/openapi.plugin.ts OPENAPI_TAGS). */
  tag: string;
  access: A;
  scope: S;
  /** Error answers only the handler knows, beyond the ones derived from the route (plugins/openapi-errors.ts). */
  errors?: readonly ErrorCode[];
  /** What tRPC takes and the handler receives, parsed; none for a call without input. */
  input?: I;
  output: O;
  /** tRPC's kind of procedure. */
  kind: K;
  rest: RestDoor<I, P, Q, B> & { outcome?: RestOutcome<z.input<O>> };
  /** More REST operations served by this call (their own paths and operationIds), one tRPC procedure for all. */
  restAlso?: readonly ExtraRestDoor<I>[];
  /**
   * The input's key holding REST's body over tRPC (`{ id, data }`): its validation messages name the body's own
   * fields (`phone`, not `data.phone`), as REST's do.
   */
  trpcBodyAt?: string;
}

export type CallKind = 'query' | 'mutation';

export type AnyCall = CallDeclaration<Schema | undefined, Schema, Schema | undefined, Schema | undefined, Schema | undefined>;

/** A module's calls: its tRPC router key and its procedures by name (today's names, the web calls them so). */
export interface CallGroup<K extends string = string, C extends Record<string, AnyCall> = Record<string, AnyCall>> {
  router: K;
  calls: C;
}

/** Declares one call; the generics keep each schema's own type for the handler and the tRPC client. */
export function defineCall<
  I extends Schema | undefined = undefined,
  O extends Schema = Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  const A extends CallAccess = CallAccess,
  const S extends CallScope = CallScope,
  const K extends CallKind = CallKind,
>(declaration: CallDeclaration<I, O, P, Q, B, A, S, K>): CallDeclaration<I, O, P, Q, B, A, S, K> {
  return declaration;
}

/**
 * A module's calls under its router key. Declare each call as its own const first: inside this call's argument the
 * wide AnyCall would be the context each defineCall infers its parts from.
 */
export function defineCalls<K extends string, C extends Record<string, AnyCall>>(router: K, calls: C): CallGroup<K, C> {
  return { router, calls };
}

/** The REST parts of a call: the ones it declares, or its input as the query (GET, DELETE) or the body. */
export function restPartsOf(
  call: AnyCall,
  door: RestRoute<Schema | undefined, Schema | undefined, Schema | undefined> = call.rest,
): {
  params?: Schema;
  query?: Schema;
  body?: Schema;
} {
  const { params, query, body } = door;
  if (params || query || body || !call.input) return { params, query, body };
  return door.method === 'GET' || door.method === 'DELETE' ? { query: call.input } : { body: call.input };
}
