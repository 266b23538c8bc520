import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../core/deps.js';
import type { AnyEventSubscriber } from '../core/events/domain-event.types.js';
import type { JobDefinition } from '../core/jobs/job-definition.js';
import type { ServedCalls } from '../calls/serve-calls.js';
import type { ResourceDefinition } from '../resources/resource.types.js';

/**
 * What a domain brings to the server: its REST routes, the generic resources it owns (the engine serves their
 * calls), its background jobs and what starts with the workers. The composition root (register.ts) lists the
 * modules; nothing else imports a module's resources or jobs to register them.
 */
/** A group of operations in the OpenAPI document (/api/docs). */
export interface OpenApiTag {
  name: string;
  description: string;
}

export interface ServerModule {
  name: string;
  /** The OpenAPI tag its routes and resources are listed under, when it owns one (others share an owner's). */
  openapiTag?: OpenApiTag;
  /** The tags of the parts it serves for others (the integrations' providers: DocuSign's envelopes). */
  providedTags?: readonly OpenApiTag[];
  routes?: FastifyPluginAsync;
  /** Its declared calls (packages/domain `*.calls.ts`), each group served over REST here and over tRPC by its router. */
  calls?: readonly ServedCalls[];
  resources?: readonly ResourceDefinition[];
  jobs?: readonly JobDefinition[];
  /** Its answers to other modules' domain events (core/events): a side effect here of a write there. */
  subscribers?: readonly AnyEventSubscriber[];
  /** Started once the server is ready, in a process that runs workers; answers how to stop it. */
  startWorkers?: (deps: AppDeps) => Promise<() => void>;
}
