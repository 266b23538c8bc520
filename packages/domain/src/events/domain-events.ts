import { z } from 'zod';

// The domain events a write records with its change (docs/architecture.md 'Domain events'), each with its payload's
// schema: the server checks a payload when it records the event and again when it delivers it, so a subscriber gets
// exactly this shape. A name says what happened, in the past tense of the business.

export const DOMAIN_EVENTS = {
  /** A customer was created or changed: what changed decides who acts (the Do Not Call check, Intercom, marketing). */
  'customer.written': z.strictObject({
    customerId: z.uuid(),
    assetId: z.uuid(),
    created: z.boolean(),
    /** The number is new or changed: the Do Not Call Registry is asked again. */
    numberChanged: z.boolean(),
    /** The name, email or phone is new or changed: contact tools are told. */
    contactChanged: z.boolean(),
    /** The customer's updatedAt (ms), the version the write left. */
    version: z.string(),
  }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]>;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

/** How long a delivered event is kept (for System Logs and a look back) before the sweep prunes it. */
export const DOMAIN_EVENT_RETENTION_DAYS = 7;
