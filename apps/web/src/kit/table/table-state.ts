import { type FilterDef, type FilterValues, emptyFilterValues, hasSetFilters, parseFilterValues } from './filter-defs';

// The filter part of a list screen's state (docs/product.md 'Lists'): the contract's filters, the search text and
// the screen's own filters (`extra`), cached per screen with the page and sort (list-cache.ts).

export interface TableFilterState<X> {
  values: FilterValues;
  search: string;
  /** The screen's own filters (the Leads report's market, test agents); null when it has none. */
  extra: X | null;
}

export interface ExtraFilters<X> {
  initial: X;
  /** A cached value read back; null when it no longer reads. */
  parse: (value: unknown) => X | null;
  /** Conditions of the list's `query`, rebuilt at every request. */
  conditions: (value: X) => Record<string, unknown>[];
}

export function initialTableFilters<X>(defs: readonly FilterDef[], extra: ExtraFilters<X> | undefined): TableFilterState<X> {
  return { values: emptyFilterValues(defs), search: '', extra: extra ? extra.initial : null };
}

/** The cached filter state read back, or null when any part of it no longer reads. */
export function parseTableFilters<X>(
  defs: readonly FilterDef[],
  extra: ExtraFilters<X> | undefined,
  raw: unknown,
): TableFilterState<X> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const values = parseFilterValues(defs, Reflect.get(raw, 'values'));
  const search: unknown = Reflect.get(raw, 'search');
  if (!values || typeof search !== 'string') return null;
  if (!extra) return { values, search, extra: null };
  const own = extra.parse(Reflect.get(raw, 'extra'));
  return own === null ? null : { values, search, extra: own };
}

/** Whether the filters differ from a fresh start (the Reset button is offered then). */
export function tableFiltersChanged<X>(state: TableFilterState<X>, initial: TableFilterState<X>): boolean {
  return hasSetFilters(state.values) || state.search.trim() !== '' || JSON.stringify(state.extra) !== JSON.stringify(initial.extra);
}
