import { z } from 'zod';

// docs/api.md 'Addresses': GET /api/health (the process lives) and GET /api/ready (PostgreSQL and Redis answer).

export const HealthSchema = z.strictObject({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** 200 only while both answer; otherwise 503 SERVICE_UNAVAILABLE naming the ones down in `data.down`. */
export const ReadinessSchema = z.strictObject({ status: z.literal('ready'), database: z.literal('up'), redis: z.literal('up') });
export type Readiness = z.infer<typeof ReadinessSchema>;
