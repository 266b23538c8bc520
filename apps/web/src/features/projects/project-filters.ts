import type { ExtraFilters } from '../../kit/table/table-state';

// The list's developer filter: the developers' names are read from their own resource, so it is the screen's own
// filter beside the contract's (status, city and completion come from the contract).

export interface ProjectOwnFilters {
  developers: string[];
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export const PROJECT_EXTRA_FILTERS: ExtraFilters<ProjectOwnFilters> = {
  initial: { developers: [] },
  parse: (value) => {
    const developers: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'developers') : undefined;
    return isIdList(developers) ? { developers } : null;
  },
  conditions: (value) => (value.developers.length ? [{ developer: { $in: value.developers } }] : []),
};
