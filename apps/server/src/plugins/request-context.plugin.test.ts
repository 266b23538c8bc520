import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { issueAccessToken } from '../modules/auth/index.js';

// Request id, caller zone/language, and the structured log lines written for denied requests.
interface LogLine {
  level: number;
  reqId?: string;
  event?: string;
  msg?: string;
  [key: string]: unknown;
}

function captureLines() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      callback();
    },
  });
  return { lines, stream };
}

describe('request context', () => {
  let ctx: TestContext;
  const logs = captureLines();
  let agentToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      loggerStream: logs.stream,
      setup: (app) => {
        app.get('/api/test/context', { config: { public: true } }, async (req) => ({
          id: req.id,
          timezone: req.timezone,
          language: req.language,
        }));
        app.get('/api/test/reports', { config: { permissions: ['LEADS_REPORT_VIEW'] } }, async () => ({ ok: true }));
      },
    });
    // A user whose role lacks LEADS_REPORT_VIEW.
    const company = await ctx.db.company.create({ data: { name: 'Log Co' } });
    const asset = await ctx.db.asset.create({ data: { companyId: company.id, name: 'Log Asset' } });
    const role = await ctx.db.role.create({
      data: { companyId: company.id, name: 'Agent', code: 'AGENT', permissions: ['CUSTOMERS_VIEW'] },
    });
    const user = await ctx.db.user.create({
      data: {
        companyId: company.id,
        roleId: role.id,
        activeAssetId: asset.id,
        email: 'log-agent@example.com',
        fullName: 'Log Agent',
        passwordHash: 'x',
      },
    });
    await ctx.db.userAsset.create({ data: { userId: user.id, assetId: asset.id } });
    agentToken = (await issueAccessToken(ctx.app.deps, user)).access_token;
  });
  afterAll(async () => ctx.close());

  it('answers every request with an x-request-id, generated when none is sent', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps a sane incoming x-request-id and replaces one that could forge log lines', async () => {
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/test/context', headers: { 'x-request-id': 'lb-4f2a.91:7' } });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a.91:7');
    expect(kept.json().id).toBe('lb-4f2a.91:7');
    for (const hostile of ['a b', 'x'.repeat(65), 'id\\n{"level":60}', '<script>']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/context', headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).not.toBe(hostile);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs one line per request with its id, status and time; never health checks; no secret from the URL', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/context?token=s3cret&x=1',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(res.statusCode).toBe(200);
    const mine = logs.lines.filter((line) => line.reqId === 'trace-me-1');
    expect(mine).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', statusCode: 200, url: '/api/test/context?token=[redacted]&x=1' }),
    ]);
    expect(JSON.stringify(logs.lines)).not.toContain('s3cret');
    await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'probe-1' } });
    expect(logs.lines.filter((line) => line.reqId === 'probe-1')).toEqual([]);
  });

  it('reads X-Timezone (canonical IANA, unknown -> UTC) and X-Language', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'x-timezone': 'Asia/Dubai', 'x-language': 'ar' }, 'Asia/Dubai', 'ar'],
      [{ 'x-timezone': 'asia/dubai', 'x-language': 'en-us' }, 'Asia/Dubai', 'en-US'],
      [{ 'x-timezone': 'Mars/Olympus', 'x-language': 'not a language!' }, 'UTC', 'en'],
      [{ 'x-timezone': '', 'accept-language': 'fr-CH, fr;q=0.9' }, 'UTC', 'fr-CH'],
      [{}, 'UTC', 'en'],
    ];
    for (const [headers, timezone, language] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/context', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ timezone, language });
    }
  });

  it('writes a structured auth.denied line for a bad token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/reports',
      headers: { authorization: 'Bearer forged.token.here', 'x-request-id': 'denied-1' },
    });
    expect(res.statusCode).toBe(401);
    const line = logs.lines.find((l) => l.reqId === 'denied-1' && l.event === 'auth.denied');
    expect(line).toMatchObject({ level: 40, event: 'auth.denied', url: '/api/test/reports' });
    // The bearer token never reaches the log.
    expect(JSON.stringify(logs.lines.filter((l) => l.reqId === 'denied-1'))).not.toContain('forged.token.here');
  });

  it('writes a structured permission.denied line when a role lacks the permission', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/reports',
      headers: { authorization: `Bearer ${agentToken}`, 'x-request-id': 'denied-2' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const line = logs.lines.find((l) => l.reqId === 'denied-2' && l.event === 'permission.denied');
    expect(line).toMatchObject({ level: 40, event: 'permission.denied', required: ['LEADS_REPORT_VIEW'], url: '/api/test/reports' });
  });
});
