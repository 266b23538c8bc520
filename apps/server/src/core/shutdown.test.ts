import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import type { App } from '../app.js';
import { isDraining, markDraining, shutdown } from './shutdown.js';

// A slow route whose handler waits until the test releases it.
function slowRoute() {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (entered = resolve));
  const setup = (app: App) => {
    app.get('/api/test/slow', { config: { public: true } }, async () => {
      entered();
      await gate;
      return { finished: true };
    });
  };
  return { setup, started, release: () => release() };
}

describe('draining', () => {
  let ctx: TestContext;
  const slow = slowRoute();
  beforeAll(async () => {
    ctx = await createTestApp({ setup: slow.setup });
  });
  afterAll(async () => ctx.close());

  it('lets an in-flight request finish while new ones get 503 with Connection: close', async () => {
    const inFlight = ctx.app.inject({ method: 'GET', url: '/api/test/slow' });
    await slow.started;
    markDraining(ctx.app);
    expect(isDraining(ctx.app)).toBe(true);

    const refused = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect(refused.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });

    slow.release();
    const finished = await inFlight;
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ finished: true });
  });
});

describe('shutdown over a real socket', () => {
  let ctx: TestContext;
  const slow = slowRoute();
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp({ setup: slow.setup });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => ctx.close());

  it('drains, finishes the in-flight request, closes, then exits 0', async () => {
    const exits: number[] = [];
    const inFlight = fetch(`${base}/api/test/slow`);
    await slow.started;

    const done = shutdown(ctx.app, { timeoutMs: 10_000, graceMs: 400, exit: (code) => exits.push(code) });
    const refused = await fetch(`${base}/api/health`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(exits).toEqual([]);

    slow.release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ finished: true });

    expect(await done).toBe(0);
    expect(exits).toEqual([0]);
    expect(ctx.app.server.listening).toBe(false);
  });
});

describe('shutdown hard timeout', () => {
  let ctx: TestContext;
  let hung: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    ctx = await createTestApp({
      setup: (app) => {
        // A dependency that takes far longer to close than the shutdown allows.
        app.addHook('onClose', async () => {
          hung = new Promise((resolve) => setTimeout(resolve, 1500));
          await hung;
        });
      },
    });
  });
  afterAll(async () => {
    await hung;
    await ctx.close();
  });

  it('exits non-zero when closing takes longer than the limit', async () => {
    const exits: number[] = [];
    const started = Date.now();
    const code = await shutdown(ctx.app, { timeoutMs: 200, exit: (c) => exits.push(c) });
    expect(code).toBe(1);
    expect(exits).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(1200);
  });
});
