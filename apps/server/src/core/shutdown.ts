import type { FastifyInstance } from 'fastify';

// Graceful shutdown (fastify/demo's server.ts model). On SIGTERM/SIGINT:
//  1. mark the app draining: every new request answers 503 SERVICE_UNAVAILABLE with `Connection: close`
//     (plugins/drain.plugin.ts), /api/ready included, so a load balancer stops sending traffic;
//  2. after SHUTDOWN_GRACE_MS, app.close(): the listener stops, in-flight requests finish, then the onClose
//     hook of app.ts closes BullMQ workers (bounded by JOBS_CLOSE_TIMEOUT_MS), queues, Redis and the database;
//  3. a hard timer (SHUTDOWN_TIMEOUT_MS) exits non-zero if any of that hangs. A second signal exits at once.

export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function markDraining(app: FastifyInstance) {
  app.lifecycle.draining = true;
}

export function isDraining(app: FastifyInstance): boolean {
  return app.lifecycle.draining;
}

export interface ShutdownOptions {
  /** Hard limit for the whole shutdown; past it the process exits with 1. */
  timeoutMs: number;
  /** How long 503s are served before the listener closes. */
  graceMs?: number;
  /** process.exit in production; tests pass a spy. */
  exit?: (code: number) => void;
  reason?: string;
}

/** Drains and closes the app, then exits 0 (or 1 on error or when `timeoutMs` passes). */
export async function shutdown(app: FastifyInstance, options: ShutdownOptions): Promise<number> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const started = Date.now();
  markDraining(app);
  app.log.info({ event: 'shutdown.start', reason: options.reason }, 'shutting down: draining');
  let timer: NodeJS.Timeout | undefined;
  const hardLimit = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error({ event: 'shutdown.timeout', timeoutMs: options.timeoutMs }, 'shutdown timed out; exiting');
      resolve(1);
    }, options.timeoutMs);
    timer.unref();
  });
  const graceful = (async () => {
    if (options.graceMs) await new Promise((resolve) => setTimeout(resolve, options.graceMs));
    await app.close();
    app.log.info({ event: 'shutdown.done', ms: Date.now() - started }, 'shut down cleanly');
    return 0;
  })().catch((error: unknown) => {
    app.log.error({ err: error, event: 'shutdown.failed' }, 'shutdown failed');
    return 1;
  });
  const code = await Promise.race([graceful, hardLimit]);
  clearTimeout(timer);
  exit(code);
  return code;
}

/** Wires SIGTERM/SIGINT to `shutdown` once; returns a function that removes the listeners. */
export function installShutdownHandlers(app: FastifyInstance, options: ShutdownOptions, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      app.log.warn({ event: 'shutdown.forced', signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    void shutdown(app, { ...options, exit, reason: signal });
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
