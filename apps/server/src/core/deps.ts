import type { Redis } from 'ioredis';
import type { Db } from '../db/prisma.js';
import type { Env } from '../env.js';
import type { Logger } from 'pino';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What services receive explicitly (STYLE.md 3): tests pass a real database and may pass a fixed clock. */
export interface AppDeps {
  env: Env;
  db: Db;
  redis: Redis;
  clock: Clock;
  log: Logger;
}
