import { defineCall, defineCalls } from '../calls/define-call.js';
import { HealthSchema, ReadinessSchema } from './health.schemas.js';

// Liveness and readiness (docs/api.md 'Addresses'): public, no token read; the probes call REST, tRPC has the same.
const live = defineCall({
  operationId: 'health.live',
  summary: 'The process lives',
  tag: 'health',
  access: 'public',
  scope: 'none',
  kind: 'query',
  output: HealthSchema,
  rest: { method: 'GET', path: '/api/health', envelope: 'bare' },
});

const ready = defineCall({
  operationId: 'health.ready',
  summary: 'PostgreSQL and Redis both answer',
  description: 'Otherwise 503 SERVICE_UNAVAILABLE, naming the ones down in `data.down`.',
  tag: 'health',
  access: 'public',
  scope: 'none',
  errors: ['SERVICE_UNAVAILABLE'],
  kind: 'query',
  output: ReadinessSchema,
  rest: { method: 'GET', path: '/api/ready', envelope: 'bare' },
});

export const healthCalls = defineCalls('health', { live, ready });
