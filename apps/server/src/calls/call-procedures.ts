import type { AnyCall, CallGroup } from '@crm/domain';
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { inputRootedAt, publicProcedure } from '../trpc/trpc.js';
import { admitCall } from './call-admission.js';
import type { Admitted, CallContext, CallHandler, CallHandlers } from './call.types.js';

// The tRPC door of a group of declared calls: one procedure per call, under its declared name, with the
// declaration's input and output, admitted by the same function as the REST door.

// biome-ignore lint/suspicious/noConfusingVoidType: tRPC types a procedure without input as taking void
type TrpcInput<C extends AnyCall> = [NonNullable<C['input']>] extends [never] ? void : z.input<NonNullable<C['input']>>;
type ProcedureDef<C extends AnyCall> = { input: TrpcInput<C>; output: z.output<C['output']>; meta: object };

/** The procedure a declaration makes, as the web's client sees it. */
export type ProcedureOf<C extends AnyCall> = C['kind'] extends 'query'
  ? TRPCQueryProcedure<ProcedureDef<C>>
  : TRPCMutationProcedure<ProcedureDef<C>>;

export type CallProcedures<G extends CallGroup> = { [N in keyof G['calls']]: ProcedureOf<G['calls'][N]> };

function procedureOf(call: AnyCall, handler: CallHandler<AnyCall>) {
  const admitted = publicProcedure.use(async ({ ctx, next }) => {
    // A public call never reads the token; any other resolves its caller as protectedProcedure does.
    const actor = call.access === 'public' ? ctx.req.actor : await ctx.getActor();
    const scope = admitCall(call, actor, ctx.req.log, { url: ctx.req.url });
    return next({ ctx: { ...ctx, scope } });
  });
  const rooted = call.trpcBodyAt ? admitted.use(inputRootedAt(call.trpcBodyAt)) : admitted;
  const typed = (call.input ? rooted.input(call.input) : rooted).output(call.output);
  type Resolved = {
    ctx: Pick<CallContext<AnyCall>, 'deps'> & { req: CallContext<AnyCall>['request']; res: CallContext<AnyCall>['reply']; scope: Admitted };
    input: CallContext<AnyCall>['input'];
  };
  const run = ({ ctx, input }: Resolved) => {
    const context = { deps: ctx.deps, actor: ctx.scope.actor, asset: ctx.scope.asset, input, request: ctx.req, reply: ctx.res };
    return handler(context as CallContext<AnyCall>);
  };
  return call.kind === 'query' ? typed.query(run) : typed.mutation(run);
}

/** Every call of the group as tRPC procedures, to spread into the module's router. */
export function callProcedures<G extends CallGroup>(group: G, handlers: CallHandlers<G>): CallProcedures<G> {
  const procedures: Record<string, ReturnType<typeof procedureOf>> = {};
  for (const name of Object.keys(group.calls)) {
    procedures[name] = procedureOf(group.calls[name] as AnyCall, handlers[name] as CallHandler<AnyCall>);
  }
  // Built in a loop, so typed here once: each entry is its declaration's procedure (call-doors.test.ts checks it).
  return procedures as CallProcedures<G>;
}
