import {
  type AnyResourceContract,
  type ContractListFilter,
  type ContractQuery,
  type ContractRow,
  DEBOUNCE_MS,
  type FieldKeyOf,
  MESSAGES,
  type PaginatorMeta,
  type PopulateOf,
} from '@crm/domain';
import type { TableProps } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { browserLocale } from '../../app/request-headers';
import type { ExportFilter } from '../export/resource-export';
import { listPagination } from '../list/list-pagination';
import { listSortOf, sortFromTable, type TableSorterLike } from '../list/list-state';
import { ListEmpty } from '../list/ListEmpty';
import { useDebouncedValue } from '../list/useDebouncedValue';
import { useListState } from '../list/useListState';
import { useNow } from '../list/useNow';
import { listResultOf, useListFilter } from '../list/useResourceList';
import { useLinkBack } from '../navigation/useLinkBack';
import { relatedName } from '../resource/refs';
import { resourceApi } from '../resource/resource-api';
import { type ResourcePermissionsOfCaller, useResourcePermissions } from '../resource/useResourcePermissions';
import { type FilterDef, type FilterSpecOf, type FilterValue, filterDefsOf } from './filter-defs';
import { RowActions } from './RowActions';
import { antdColumns, type CellRender, type ColumnSpec, resolveColumns } from './table-columns';
import { tableRequest } from './table-request';
import { type ExtraFilters, initialTableFilters, parseTableFilters, type TableFilterState, tableFiltersChanged } from './table-state';
import { type ColumnChoice, useColumnChooser } from './useColumnChooser';
import { useResourceDelete } from './useResourceDelete';

export interface ResourceTableOptions<C extends AnyResourceContract, X> {
  /** Names the cached state and the column choice of the screen. */
  screen: string;
  columns: readonly ColumnSpec<C>[];
  /** A field column's own cell, by key (the column keeps its title and sorter). */
  render?: Partial<Record<FieldKeyOf<C>, CellRender<ContractRow<C>>>>;
  filters?: readonly FilterSpecOf<FieldKeyOf<C>>[];
  /** Filters known only at run time (the asset's custom fields: `customFields.<key>`), after the contract's. */
  moreFilters?: readonly FilterDef[];
  /** The screen's own filters, kept and cached with the contract's. */
  extraFilters?: ExtraFilters<X>;
  /** Conditions every request carries. */
  fixedQuery?: ContractQuery<C>;
  /** Fields to read beyond those the columns show. */
  select?: readonly FieldKeyOf<C>[];
  populate?: readonly PopulateOf<C>[];
  /** The record's page (a link in the `linkField` column and the view action) and its edit page. */
  links?: { detail?: (row: ContractRow<C>) => string; edit?: (row: ContractRow<C>) => string; linkField?: FieldKeyOf<C> };
  /** How a row is named to a screen reader ('View customer C-000001'); its name or id by default. */
  rowName?: (row: ContractRow<C>) => string;
  /** More buttons in a row's actions. */
  rowActions?: (row: ContractRow<C>) => ReactNode;
  /** Ask only once the screen is ready (its own lookups are in). */
  enabled?: boolean;
  /** Keep the state for the tab's life (default); false for a list inside a record's page. */
  persist?: boolean;
  /** The search box (default: when the contract has searchable fields). */
  search?: boolean;
}

export interface ResourceToolbar<X> {
  contract: AnyResourceContract;
  filters: readonly FilterDef[];
  values: TableFilterState<X>['values'];
  setValue: (key: string, value: FilterValue) => void;
  extra: X | null;
  setExtra: (patch: Partial<X>) => void;
  search: string | null;
  setSearch: (text: string) => void;
  reset: () => void;
  canReset: boolean;
  columns: ColumnChoice;
  exportFilter: ExportFilter;
  expectedRows: number | null;
  selected: readonly string[];
  deleteSelected: () => void;
  permissions: ResourcePermissionsOfCaller;
  error: string | null;
}

export interface ResourceTableState<C extends AnyResourceContract, X> {
  tableProps: TableProps<ContractRow<C>>;
  toolbar: ResourceToolbar<X>;
  rows: ContractRow<C>[];
  meta: PaginatorMeta | null;
  loading: boolean;
  error: string | null;
}

const NO_FILTERS: readonly never[] = [];
const NO_CELLS = {};

/**
 * The list engine of docs/product.md 'Lists' for one contract: antd Table props (columns from the contract, one sort
 * key, pages of 20/40/60, bulk selection, row actions, the empty and failure states) and the toolbar's state
 * (filters, search, reset, column choice, export, bulk delete). State is cached per screen unless `refresh`.
 */
export function useResourceTable<C extends AnyResourceContract, X = never>(
  contract: C,
  options: ResourceTableOptions<C, X>,
): ResourceTableState<C, X> {
  const permissions = useResourcePermissions(contract);
  const timeZone = browserLocale().timeZone;
  const now = useNow();
  const withRef = useLinkBack();
  const api = resourceApi(contract);
  const { confirmDelete, confirmBulkDelete } = useResourceDelete(contract);
  const { extraFilters } = options;

  const defs = useMemo(
    () => [...filterDefsOf(contract, options.filters ?? NO_FILTERS, permissions.sensitive), ...(options.moreFilters ?? NO_FILTERS)],
    [contract, options.filters, options.moreFilters, permissions.sensitive],
  );
  const initial = useMemo(() => initialTableFilters(defs, extraFilters), [defs, extraFilters]);
  const parse = useCallback((raw: unknown) => parseTableFilters(defs, extraFilters, raw), [defs, extraFilters]);
  const { state, setFilters, setPage, setSort, reset } = useListState(options.screen, initial, parse, { persist: options.persist });
  const defaultSort = useMemo(() => listSortOf({ [contract.defaultSort.field]: contract.defaultSort.direction }), [contract]);
  const searchable = useMemo(
    () =>
      options.search === false ? [] : contract.keys.searchable.filter((key) => permissions.sensitive || !contract.fields[key]?.sensitive),
    [contract, options.search, permissions.sensitive],
  );

  const { links, rowName: nameOf } = options;
  const rowName = useCallback((row: ContractRow<C>) => nameOf?.(row) ?? relatedName(row) ?? row._id, [nameOf]);
  const columns = useMemo(() => {
    const detail = links?.detail;
    const link =
      detail && links.linkField
        ? { key: links.linkField, cell: (row: ContractRow<C>, content: ReactNode) => <Link to={withRef(detail(row))}>{content}</Link> }
        : undefined;
    return resolveColumns(contract, options.columns, { render: options.render ?? NO_CELLS, timeZone, link }).filter(
      (column) => permissions.sensitive || !column.sensitive,
    );
  }, [contract, links, options.columns, options.render, permissions.sensitive, timeZone, withRef]);
  const chooser = useColumnChooser(
    options.screen,
    useMemo(() => columns.map(({ key, title }) => ({ key, title })), [columns]),
  );

  // An export holds the columns the screen shows (the column chooser's choice), in the contract's export order.
  const exportSelect = useMemo(
    () => [
      ...new Set(columns.filter((column) => column.field && !chooser.hidden.includes(column.key)).map((column) => column.field as string)),
    ],
    [columns, chooser.hidden],
  );
  const select = useMemo(() => {
    const fields = new Set<string>(['_id', ...(options.select ?? [])]);
    for (const column of columns) if (column.field) fields.add(column.field);
    return [...fields];
  }, [columns, options.select]);
  const request = tableRequest({
    state,
    defs,
    extra: extraFilters,
    fixed: options.fixedQuery,
    defaultSort,
    sortable: contract.keys.sortable,
    select,
    populate: options.populate,
    searchable,
    now,
    timeZone,
  });

  // Typing in the search box waits 500 ms in all, any other change 250 ms (docs/product.md 'Lists').
  const keyword = useDebouncedValue(request.keyword, DEBOUNCE_MS.SEARCH_INPUT - DEBOUNCE_MS.LIST_FILTER);
  const debounced = useListFilter(
    // The request is built from the contract's own keys: it is the contract's typed filter.
    { filter: request.filter as unknown as ContractListFilter<C>, keyword: keyword.value },
    { enabled: options.enabled ?? true },
  );
  const procedure = searchable.length ? api.search : api.list;
  const answer = procedure.useQuery(searchable.length ? debounced.value : { filter: debounced.value.filter }, debounced.queryOptions);
  const list = listResultOf(answer, debounced.pending || keyword.isPending);

  // Bulk selection: cleared whenever the list asks for other rows.
  const [selected, setSelected] = useState<string[]>([]);
  const requestKey = JSON.stringify(debounced.value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection belongs to one request's rows
  useEffect(() => setSelected([]), [requestKey]);

  const editPath = links?.edit;
  const detailPath = links?.detail;
  const hasActions = Boolean(detailPath || (editPath && permissions.update) || permissions.delete || options.rowActions);
  const { rowActions } = options;
  const tableColumns = useMemo(() => {
    const visible = columns.filter((column) => !chooser.hidden.includes(column.key));
    const built = antdColumns(visible, state.sort, defaultSort);
    if (!hasActions) return built;
    return [
      ...built,
      {
        key: 'actions',
        title: MESSAGES.list.actions,
        fixed: 'right' as const,
        render: (_: unknown, row: ContractRow<C>) => (
          <RowActions
            label={contract.label.one}
            name={rowName(row)}
            view={detailPath ? withRef(detailPath(row)) : undefined}
            edit={editPath && permissions.update ? withRef(editPath(row)) : undefined}
            onDelete={permissions.delete ? () => confirmDelete(row._id) : undefined}
          >
            {rowActions?.(row)}
          </RowActions>
        ),
      },
    ];
  }, [
    chooser.hidden,
    columns,
    confirmDelete,
    contract,
    defaultSort,
    detailPath,
    editPath,
    hasActions,
    permissions,
    rowActions,
    rowName,
    state.sort,
    withRef,
  ]);

  const sortFieldOf = useMemo(() => new Map(columns.map((column) => [column.key, column.sortField])), [columns]);
  const tableProps: TableProps<ContractRow<C>> = {
    rowKey: '_id',
    size: 'middle',
    columns: tableColumns,
    dataSource: list.rows,
    loading: list.loading,
    scroll: { x: 'max-content' },
    locale: { emptyText: list.loading ? ' ' : <ListEmpty label={contract.label.many} error={list.error} /> },
    onChange: (_pagination, _filters, sorter, extra) => {
      if (extra.action !== 'sort') return;
      const chosen = sortFromTable(sorter as TableSorterLike | TableSorterLike[]);
      const field = chosen ? sortFieldOf.get(chosen.field) : null;
      setSort(chosen && field ? { field, order: chosen.order } : null);
    },
    pagination: listPagination({
      page: list.meta?.page ?? state.page,
      limit: state.limit,
      total: list.meta?.total ?? 0,
      onChange: (page, limit) => setPage(page, limit),
    }),
    ...(permissions.delete
      ? {
          rowSelection: {
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (row: ContractRow<C>) => ({ 'aria-label': MESSAGES.list.selectRow(rowName(row)) }),
          },
        }
      : {}),
  };

  const toolbar: ResourceToolbar<X> = {
    contract,
    filters: defs,
    values: state.filters.values,
    setValue: (key, value) => setFilters((current) => ({ ...current, values: { ...current.values, [key]: value } })),
    extra: state.filters.extra,
    setExtra: (patch) =>
      setFilters((current) => (current.extra === null ? current : { ...current, extra: { ...current.extra, ...patch } })),
    search: searchable.length ? state.filters.search : null,
    setSearch: (text) => setFilters((current) => ({ ...current, search: text })),
    reset,
    canReset: tableFiltersChanged(state.filters, initial),
    columns: chooser,
    exportFilter: { ...request.exportFilter, select: exportSelect },
    expectedRows: list.meta?.total ?? null,
    selected,
    deleteSelected: () => confirmBulkDelete(selected, () => setSelected([])),
    permissions,
    error: list.error,
  };

  return { tableProps, toolbar, rows: list.rows, meta: list.meta, loading: list.loading, error: list.error };
}
