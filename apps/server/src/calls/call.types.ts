import type { AnyCall, CallGroup } from '@crm/domain';
import type { z } from 'zod';
import type { Actor } from '../core/actor.js';
import type { AppDeps } from '../core/deps.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

// What a call's handler is given and answers, typed from its declaration (packages/domain/src/calls).

/** A public call may have no caller; every other one has. */
export type CallerOf<C extends AnyCall> = C['access'] extends 'public' ? Actor | null : Actor;

/** The asset an asset-scoped call works in; a company's or a scope-free call has none. */
export type AssetOf<C extends AnyCall> = C['scope'] extends 'asset' ? string : null;

/** The handler's input: parsed by the door it came through. */
export type InputOf<C extends AnyCall> = [NonNullable<C['input']>] extends [never] ? undefined : z.output<NonNullable<C['input']>>;

/** What the handler returns: the output schema checks it on its way out (REST's serializer, tRPC's `.output`). */
export type OutputOf<C extends AnyCall> = z.input<C['output']>;

export interface CallContext<C extends AnyCall> {
  deps: AppDeps;
  actor: CallerOf<C>;
  asset: AssetOf<C>;
  input: InputOf<C>;
  /** The HTTP exchange either door runs in, for the few calls that need it (rate limits, cookies, client meta). */
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends AnyCall> = (call: CallContext<C>) => Promise<OutputOf<C>>;

/** One handler per declared call of the group, under the same name. */
export type CallHandlers<G extends CallGroup> = { [N in keyof G['calls']]: CallHandler<G['calls'][N]> };

/** What admission resolves, before either door runs the handler. */
export interface Admitted {
  actor: Actor | null;
  asset: string | null;
}
