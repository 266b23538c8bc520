import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { defaultWebDistDir } from './web-app.plugin.js';

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';

describe('serving the built web app', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'crm-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestApp({ envOverrides: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache and the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('falls back to index.html for client routes (no-cache)', async () => {
    for (const url of ['/leads', '/properties/leads/42?tab=history', '/auth']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const noAccept = await ctx.app.inject({ method: 'GET', url: '/team/members' });
    expect(noAccept.statusCode).toBe(200);
    expect(noAccept.body).toBe(INDEX);
  });

  it('keeps the JSON 404 envelope for unknown /api and /trpc paths and missing assets', async () => {
    for (const url of ['/api/nope', '/api', '/trpc', '/assets/missing-123.js']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('does not turn other methods into the app', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/leads', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('without a built web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ envOverrides: { WEB_DIST_DIR: path.join(tmpdir(), 'crm-no-such-dist') } });
  });
  afterAll(async () => ctx.close());

  it('answers the 404 envelope for non-API paths', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/leads', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finds apps/web/dist by walking up from the server', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'crm-apps-'));
    try {
      mkdirSync(path.join(root, 'web', 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'web', 'dist', 'index.html'), INDEX);
      const serverSrc = path.join(root, 'server', 'src', 'plugins');
      mkdirSync(serverSrc, { recursive: true });
      expect(defaultWebDistDir(serverSrc)).toBe(path.join(root, 'web', 'dist'));
      expect(defaultWebDistDir(path.join(root, 'server', 'dist'))).toBe(path.join(root, 'web', 'dist'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
