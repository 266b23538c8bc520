import { type CustomFieldValues, type CustomFieldValuesBody, CustomFieldValuesSchema } from '@crm/domain';
import type { ResourceCall } from '../../resources/resource.service.js';
import { patchRecord } from '../../resources/resource-write.service.js';
import type { ResourceDefinition } from '../../resources/resource.types.js';

/** Sets one record's values through the engine's update: permissions, tenancy (404) and the check are the same. */
export async function setRecordCustomFields(
  call: ResourceCall,
  resource: ResourceDefinition,
  id: string,
  body: CustomFieldValuesBody,
): Promise<{ _id: string; customFields: CustomFieldValues }> {
  const record = await patchRecord(call, resource, id, { customFields: body.customFields });
  return { _id: record._id, customFields: CustomFieldValuesSchema.parse(record.customFields ?? {}) };
}
