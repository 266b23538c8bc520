import { populated } from '@crm/domain';

// References as the API answers them (docs/api.md 'Answers'): an id, or the related record once populated.

/** The id of a reference, populated or not. */
export function refIdOf(value: string | { _id: string } | null | undefined): string | undefined {
  if (typeof value === 'string') return value || undefined;
  return populated(value)?._id;
}

const NAME_KEYS = ['name', 'fullName', 'reference', 'title', 'leadID', 'label'] as const;

/** What a person reads for a populated record: its name (or reference, title...), else nothing. */
export function relatedName(value: object | null | undefined): string | undefined {
  if (!value) return undefined;
  for (const key of NAME_KEYS) {
    const name: unknown = Reflect.get(value, key);
    if (typeof name === 'string' && name.trim()) return name;
  }
  return undefined;
}
