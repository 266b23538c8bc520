import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { AppError } from '../core/app-error.js';
import { protectedProcedure, publicProcedure, router } from './trpc.js';
import { trpcPlugin } from './trpc.plugin.js';

// A tiny router mounted beside the real one: what a web client receives over the wire.
const testRouter = router({
  conflict: publicProcedure.query(() => {
    throw AppError.conflict('Email is already taken.', { email: ['Email is already taken.'] });
  }),
  crash: publicProcedure.query(() => {
    throw new Error('duplicate key value violates unique constraint "users_email_key"');
  }),
  echo: publicProcedure
    .input(z.object({ name: z.string().min(2) }).strict())
    .query(({ input, ctx }) => ({ name: input.name, timezone: ctx.req.timezone })),
  me: protectedProcedure.query(({ ctx }) => ({ userId: ctx.actor.userId })),
});

interface TrpcErrorBody {
  error: {
    message: string;
    code: number;
    data: { httpStatus: number; code: string; envelope: { statusCode: number; code: string; message: string; data?: unknown } };
  };
}

describe('tRPC door', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      setup: async (app) => {
        await app.register(trpcPlugin, { router: testRouter, basePath: '/trpc-test' });
      },
    });
  });
  afterAll(async () => ctx.close());

  const call = (path: string, input?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/trpc-test/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers,
    });

  it('carries an AppError to the client as the envelope, with its status', async () => {
    const res = await call('conflict');
    expect(res.statusCode).toBe(409);
    const body = res.json<TrpcErrorBody>();
    expect(body.error.message).toBe('Email is already taken.');
    expect(body.error.data).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
    expect(body.error.data.envelope).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Email is already taken.',
      data: { email: ['Email is already taken.'] },
    });
  });

  it('answers an unauthenticated protected call with UNAUTHORIZED', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const res = await call('me', undefined, headers);
      expect(res.statusCode).toBe(401);
      const body = res.json<TrpcErrorBody>();
      expect(body.error.data).toMatchObject({ httpStatus: 401, code: 'UNAUTHORIZED' });
      expect(body.error.data.envelope).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('turns a bad input into a 400 VALIDATION_ERROR envelope with field messages', async () => {
    const res = await call('echo', { name: 'x', extra: 1 });
    expect(res.statusCode).toBe(400);
    const { envelope } = res.json<TrpcErrorBody>().error.data;
    expect(envelope.code).toBe('VALIDATION_ERROR');
    expect(envelope.data).toHaveProperty('name');
    expect(envelope.data).toHaveProperty('extra');
  });

  it('hides an unexpected error behind a bare 500', async () => {
    const res = await call('crash');
    expect(res.statusCode).toBe(500);
    const body = res.json<TrpcErrorBody>();
    expect(body.error.data.envelope).toEqual({ statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
    expect(JSON.stringify(body)).not.toContain('users_email_key');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('sees the request context (X-Timezone)', async () => {
    const res = await call('echo', { name: 'Ann' }, { 'x-timezone': 'Europe/London' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: { name: 'Ann', timezone: 'Europe/London' } } });
  });
});
