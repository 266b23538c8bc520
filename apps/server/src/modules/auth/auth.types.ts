import type { FastifyRequest } from 'fastify';

/** What the auth services need to know about the request, whichever door (REST or tRPC) it came through. */
export interface RequestMeta {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The request's logger, so denial lines carry the request id. */
  log: Pick<FastifyRequest['log'], 'info' | 'warn' | 'error'>;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : undefined, log: req.log };
}
