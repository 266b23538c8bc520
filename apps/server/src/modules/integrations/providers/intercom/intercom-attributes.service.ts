import { IntercomDataAttributesAnswerSchema, type IntercomDataAttribute, type IntercomDataAttributeModel } from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import type { AppDeps } from '../../../../core/deps.js';
import { assertAssetOf } from '../../../../core/authorization.js';
import { intercomAccount, intercomForUser, readIntercomAnswer } from './intercom-client.js';

// GET integrations/intercom/contact-attributes-list and conversation-attributes-list (docs/api.md 'Intercom'):
// Intercom's `GET /data_attributes?model=contact|conversation`, for mapping our fields to its attributes.

export async function intercomDataAttributes(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  actor: Actor,
  assetId: string,
  model: IntercomDataAttributeModel,
): Promise<IntercomDataAttribute[]> {
  assertAssetOf(actor, assetId);
  const account = await intercomAccount(deps, assetId);
  const answer = await intercomForUser(deps, account, { method: 'GET', path: `/data_attributes?model=${model}` });
  return readIntercomAnswer(IntercomDataAttributesAnswerSchema, answer, 'its data attributes').data.map((attribute) => ({
    name: attribute.name,
    fullName: attribute.full_name ?? attribute.name,
    label: attribute.label ?? attribute.name,
    description: attribute.description ?? null,
    dataType: attribute.data_type ?? null,
    custom: attribute.custom ?? false,
    archived: attribute.archived ?? false,
    apiWritable: attribute.api_writable ?? false,
  }));
}
