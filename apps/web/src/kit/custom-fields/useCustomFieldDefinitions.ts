import { ALL_ROWS_LIMIT, type CustomFieldKind, type CustomFieldRule, type CustomFieldType } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../app/trpc';

export interface CustomFieldDefinition extends CustomFieldRule {
  _id: string;
}

const SELECT = ['kind', 'key', 'label', 'type', 'options', 'required', 'enabled', 'order'] as const;

/** The asset's enabled custom fields of one record kind, in their order (forms, list columns, filters). */
export function useCustomFieldDefinitions(kind: CustomFieldKind): CustomFieldDefinition[] {
  const query = trpc.customFields.list.useQuery(
    { filter: { limit: ALL_ROWS_LIMIT, query: { kind, enabled: true }, sort: { order: 1 }, select: [...SELECT] } },
    { staleTime: 60_000 },
  );
  return useMemo(
    () =>
      (query.data?.data ?? []).map((row) => ({
        _id: row._id,
        key: row.key ?? '',
        label: row.label ?? '',
        type: (row.type ?? 'text') as CustomFieldType,
        options: row.options ?? [],
        required: row.required ?? false,
        enabled: row.enabled ?? true,
      })),
    [query.data],
  );
}
