import { z } from 'zod';
import { INTEGRATION_MESSAGES as M, type IntegrationOffices } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import type { SecretValues } from '../../../../core/secret-box.js';
import { openSecrets } from '../../integration-record.js';
import { ProviderCallError, type ProviderAnswer, type ProviderCall } from '../../provider-call.js';
import type { CrmAgent } from '../../sync/crm-members.js';
import type { SyncWork } from '../../sync/sync-work.js';
import { askIntegration, type ActiveIntegration } from '../../active-integration.js';

// Engage's team API (docs/api.md 'Engage'; the contract is ours, Engage being the group's own CRM): JSON over HTTPS at
// the deployment's address (INTEGRATION_BASE_URL_ENGAGE), `Authorization: Bearer <apiKey>`.
//   GET /api/v1/agents?page=N&perPage=100 -> { data: EngageAgent[], meta: { page, lastPage } }
//   GET /api/v1/offices                  -> { data: { id, name }[] }

const LABEL = 'Engage';
const PER_PAGE = 100;
/** A guard against an API that never says its last page: 100 pages of 100 agents. */
const MAX_PAGES = 100;

const id = z.union([z.string().min(1), z.number()]).transform(String);
const optional = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);
const AgentSchema = z.object({
  id,
  name: z.string().trim().min(1),
  email: optional,
  phone: optional,
  designation: optional,
  officeId: id.nullish().transform((value) => value ?? null),
  officeName: optional,
  photoUrl: optional,
});
const AgentsPageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.object({ page: z.number().int(), lastPage: z.number().int() }),
});
const OfficesSchema = z.object({ data: z.array(z.object({ id, name: z.string().trim().min(1) })) });

/** The API key, or the 409 that says to add it (the partner feed and lead webhook need none). */
export function engageApiKey(secrets: SecretValues): string {
  const key = secrets.apiKey;
  if (!key) throw AppError.conflict(M.noApiKey(LABEL), { provider: 'engage', reason: 'NOT_CONFIGURED' });
  return key;
}

const get = (secrets: SecretValues, path: string): ProviderCall => ({
  method: 'GET',
  path,
  headers: { authorization: `Bearer ${engageApiKey(secrets)}`, accept: 'application/json' },
});

function parsed<S extends z.ZodType>(schema: S, answer: ProviderAnswer): z.output<S> {
  const result = schema.safeParse(answer.json);
  if (!result.success) throw new ProviderCallError(`${LABEL} answered a shape that could not be read.`, answer.status, false);
  return result.data;
}

/** An agent as a member to write; an entry without id or name is left out. */
function agentOf(entry: unknown): CrmAgent | null {
  const agent = AgentSchema.safeParse(entry);
  if (!agent.success) return null;
  const { id: sourceDataId, ...fields } = agent.data;
  return { sourceDataId, ...fields };
}

/** Every agent, page by page (a members run). */
export async function engageAgents(work: SyncWork): Promise<CrmAgent[]> {
  const secrets = openSecrets(work.deps, work.row);
  const agents: CrmAgent[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = parsed(AgentsPageSchema, await work.call(get(secrets, `/api/v1/agents?page=${page}&perPage=${PER_PAGE}`)));
    agents.push(...answer.data.flatMap((entry) => agentOf(entry) ?? []));
    if (answer.meta.page >= answer.meta.lastPage || !answer.data.length) break;
  }
  return agents;
}

/** GET offices/engage/{asset}: the offices as Engage keeps them, read for the user's request. */
export async function engageOffices(deps: Pick<AppDeps, 'db' | 'env' | 'log'>, engage: ActiveIntegration): Promise<IntegrationOffices> {
  const answer = await askIntegration(deps, engage, get(engage.secrets, '/api/v1/offices'));
  const offices = OfficesSchema.safeParse(answer.json);
  if (!offices.success)
    throw new AppError('SERVICE_UNAVAILABLE', `${LABEL} answered offices that could not be read.`, { provider: 'engage' });
  return offices.data.data.toSorted((a, b) => a.name.localeCompare(b.name));
}
