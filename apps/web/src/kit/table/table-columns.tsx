import type { AnyResourceContract, ContractRow, FieldKeyOf, SortableKeyOf } from '@crm/domain';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { FieldDisplay } from '../display/FieldDisplay';
import { columnSortOrder, type ListSort, type SortOrder } from '../list/list-state';

// docs/product.md 'Lists': a list's columns come from its contract: the field's label as title, a sorter on the fields
// the contract may sort by, one cell per field kind. A screen picks and orders the columns by key (checked against
// the contract), replaces a cell by key, and adds columns of its own (derived values).

export type CellRender<Row> = (row: Row) => ReactNode;

/** A field of the contract as a column; `title` when the screen names it differently. */
export interface FieldColumn<C> {
  field: FieldKeyOf<C>;
  title?: string;
}

/** A column of the screen's own: a derived value, optionally sorted by a field. */
export interface DerivedColumn<C> {
  key: string;
  title: string;
  render: CellRender<ContractRow<C>>;
  sortField?: SortableKeyOf<C>;
  /** The field the cell reads, so the list selects it and the export holds it (custom fields read `customFields`). */
  reads?: FieldKeyOf<C>;
}

export type ColumnSpec<C> = FieldKeyOf<C> | FieldColumn<C> | DerivedColumn<C>;

export interface ResolvedColumn<Row> {
  key: string;
  title: string;
  /** The contract field it reads (what the list must `select`), if any. */
  field: string | null;
  sortField: string | null;
  sensitive: boolean;
  render: CellRender<Row>;
}

interface ResolveContext<Row> {
  render: Readonly<Partial<Record<string, CellRender<Row>>>>;
  timeZone: string | undefined;
  /** Wraps the linking column's cell in a link to the record. */
  link?: { key: string; cell: (row: Row, content: ReactNode) => ReactNode } | undefined;
}

export function resolveColumns<C extends AnyResourceContract>(
  contract: C,
  specs: readonly ColumnSpec<C>[],
  context: ResolveContext<ContractRow<C>>,
): ResolvedColumn<ContractRow<C>>[] {
  return specs.map((spec) => {
    if (typeof spec === 'object' && 'render' in spec) {
      const field = spec.reads ?? null;
      return { key: spec.key, title: spec.title, field, sortField: spec.sortField ?? null, sensitive: false, render: spec.render };
    }
    const key: string = typeof spec === 'string' ? spec : spec.field;
    const field = contract.fields[key];
    if (!field) throw new Error(`${contract.name}: column '${key}' is not a field`);
    const own = context.render[key];
    const display: CellRender<ContractRow<C>> =
      own ?? ((row) => <FieldDisplay field={field} value={Reflect.get(row, key)} timeZone={context.timeZone} />);
    const link = context.link?.key === key ? context.link : undefined;
    return {
      key,
      title: typeof spec === 'string' ? field.label : (spec.title ?? field.label),
      field: key,
      sortField: field.sortable ? key : null,
      sensitive: field.sensitive,
      render: link ? (row) => link.cell(row, display(row)) : display,
    };
  });
}

/**
 * Cells stay on one line: the table scrolls sideways rather than growing rows three lines tall. A new object per
 * call: antd writes its sorter's onClick into what onHeaderCell returns.
 */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** antd columns for the visible columns, sorted as the list is (one key; the default sort when cleared). */
export function antdColumns<Row>(
  columns: readonly ResolvedColumn<Row>[],
  sort: ListSort | null,
  defaultSort: ListSort,
): TableColumnType<Row>[] {
  return columns.map((column) => {
    const base: TableColumnType<Row> = {
      key: column.key,
      title: column.title,
      onCell: oneLine,
      onHeaderCell: oneLine,
      render: (_: unknown, row: Row) => column.render(row),
    };
    if (!column.sortField) return base;
    // The default sort's column turns the other way first; a cleared sort is the default again.
    const directions: SortOrder[] = column.sortField === defaultSort.field ? ['descend', 'ascend'] : ['ascend', 'descend'];
    return { ...base, sorter: true, sortOrder: columnSortOrder(column.sortField, sort, defaultSort), sortDirections: directions };
  });
}
