import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

// The built web app at `/` (docs/api.md 'Addresses'): real files are served as they are, and any other GET
// outside /api and /trpc answers index.html so the browser's router takes over. Vite puts content-hashed
// files under assets/, which may be cached for ever; index.html must be revalidated so a deploy shows up.

export type NotFoundFallback = (req: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** apps/web/dist, looked for from this file upwards so it works from src/ (tsx, vitest) and from a bundled dist/. */
export function defaultWebDistDir(from = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

function isApiPath(pathname: string) {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/trpc' || pathname.startsWith('/trpc/');
}

/**
 * Serves `distDir` (env.WEB_DIST_DIR, else apps/web/dist when built). Returns the not-found fallback for the
 * error handler, or null when there is no web app to serve (API-only process, tests).
 */
export async function webAppPlugin(app: FastifyInstance, options: { distDir: string | undefined }): Promise<NotFoundFallback | null> {
  const root = options.distDir ? path.resolve(options.distDir) : defaultWebDistDir();
  if (!root || !existsSync(path.join(root, 'index.html')) || !statSync(root).isDirectory()) {
    if (options.distDir) app.log.warn({ distDir: root }, 'WEB_DIST_DIR has no index.html: the web app is not served');
    return null;
  }
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    // One route per file found at start (a build does not change under a running server). A catch-all
    // route would also catch unknown /api paths and hand them to the auth hook instead of the 404 envelope.
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    schemaHide: true,
    setHeaders: (reply, filePath) => {
      if (path.basename(filePath) === 'index.html') reply.header('cache-control', NO_CACHE);
      else if (filePath.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', SHORT);
    },
  });

  return (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const pathname = req.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || pathname.startsWith('/assets/')) return undefined;
    // A client route (/leads/42) or a page navigation; a missing /logo.png fetched by a script is a real 404.
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    const wantsHtml = String(req.headers.accept ?? '').includes('text/html');
    if (looksLikeFile && !wantsHtml) return undefined;
    return reply.status(200).sendFile('index.html');
  };
}
