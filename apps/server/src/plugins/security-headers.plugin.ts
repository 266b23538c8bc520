import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// Security headers on every answer (API, web app, docs): nosniff, HSTS, no framing, and a CSP the built
// Vite + antd app runs under: scripts only from our origin (Vite emits no inline script), inline styles
// allowed because antd's CSS-in-JS injects <style> elements at runtime.
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function securityHeadersPlugin(app: FastifyInstance) {
  // helmet itself, built once: @fastify/helmet builds it again for every request (parsing the CSP each time).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // API answers carry personal data (customers, leads, sessions): no browser or proxy may keep a copy, unless a
  // route says otherwise (the documentation, stored files with their own token).
  app.addHook('onSend', async (req, reply) => {
    if ((req.url.startsWith('/api/') || req.url.startsWith('/trpc/')) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
