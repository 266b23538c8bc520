import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const ALLOWED = 'https://crm.example.com';

describe('CORS allowlist', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ envOverrides: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` } });
  });
  afterAll(async () => ctx.close());

  it('echoes an allowed origin with credentials (never *)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Request-Id');
    expect(String(res.headers.vary)).toContain('Origin');
  });

  it('gives an unknown origin no Access-Control-Allow-Origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers an allowed preflight to a protected path without asking for a token', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,x-timezone',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-timezone');
  });

  it('refuses a preflight from an unknown origin (no allow headers)', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});
