import type { z } from 'zod';
import { integrationFieldRegistry, type IntegrationFieldMeta } from './integration-fields.js';
import { integrationProviders, type IntegrationProviderName } from './integration-providers.js';

// A provider's form, read from its zod schemas (the screen draws one control per field, in the schema's order).

export interface IntegrationFormField extends IntegrationFieldMeta {
  key: string;
}

function fieldsOf(schema: z.ZodObject): IntegrationFormField[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, fieldSchema]) => {
    const meta = integrationFieldRegistry.get(fieldSchema);
    if (!meta) throw new Error(`integration field ${key} has no form facts: build it with integration-fields.ts`);
    return { key, ...meta };
  });
}

export function integrationFormFields(name: IntegrationProviderName): { config: IntegrationFormField[]; secrets: IntegrationFormField[] } {
  const spec = integrationProviders[name];
  return { config: fieldsOf(spec.config), secrets: fieldsOf(spec.secrets) };
}
