import { z } from 'zod';

// The fields of a resource contract. Each field is declared once, with its type, its label and what a list may do
// with it; the record schema (what the API answers), the typed list filter, the table columns, the export
// columns and the server's filter whitelist are all derived from these declarations.

/** How a value is stored and answered: the server's filter compiler and the web's cell renderers switch on it. */
export type FieldKind = 'id' | 'string' | 'enum' | 'int' | 'number' | 'money' | 'boolean' | 'date' | 'strings' | 'ints' | 'json';

export interface FieldOptions {
  /** What a person reads: table header, filter label, export column. */
  label: string;
  /** May be null. */
  nullable?: boolean;
  /** Seen, filtered, sorted and written only with VIEW_SENSITIVE_INFORMATION: absent from answers otherwise. */
  sensitive?: boolean;
  /** May appear in a list filter's `query` (default: every kind but json). */
  filterable?: boolean;
  sortable?: boolean;
  /** Matched by the list's keyword search (text kinds only). */
  searchable?: boolean;
  /**
   * A searchable phone number: text typed like a phone ('+971 50-123 4567') also matches it by its digits, as
   * phone numbers are stored ('+971501234567').
   */
  searchDigits?: boolean;
  /** Answers GET {path}/distinct/{field}. */
  distinct?: boolean;
  /** A column of the CSV/XLSX export (default: every kind but json). */
  exportable?: boolean;
  /** The id of a record of this resource (contract name), for a reference field. */
  refersTo?: string;
  /** Derived by the server when it answers (a lead's SLA stage): never stored, filtered, sorted or exported. */
  computed?: boolean;
}

/**
 * One field: its kind and flags, and the zod schema of its value in an answer. `T` is the answered value's type;
 * the flags the types need are type parameters too: `Optional` (a sensitive field, absent from the answers of a
 * caller who may not see it, or a computed one), `Sortable` and `Distinct` (the typed sort and distinct inputs).
 */
export interface FieldContract<
  T = unknown,
  Optional extends boolean = boolean,
  Sortable extends boolean = boolean,
  Distinct extends boolean = boolean,
> {
  readonly kind: FieldKind;
  readonly label: string;
  readonly nullable: boolean;
  readonly sensitive: boolean;
  readonly computed: boolean;
  /** Absent from some answers (sensitive or computed): optional in the record. */
  readonly optional: Optional;
  readonly filterable: boolean;
  readonly sortable: Sortable;
  readonly searchable: boolean;
  readonly searchDigits: boolean;
  readonly distinct: Distinct;
  readonly exportable: boolean;
  readonly refersTo: string | null;
  /** Allowed values of an `enum` field. */
  readonly values: readonly string[] | null;
  /** The value as answered (JSON): dates are ISO strings, money a number. */
  readonly schema: z.ZodType<T>;
}

export type AnyField = FieldContract<unknown, boolean, boolean, boolean>;
export type FieldShape = Record<string, AnyField>;

type Flag<V, Default extends boolean> = V extends boolean ? V : Default;
type Nullable<T, N> = N extends true ? T | null : T;
type Optional<O extends FieldOptions> = Flag<O['sensitive'], false> extends true ? true : Flag<O['computed'], false>;
type Built<T, O extends FieldOptions> = FieldContract<
  Nullable<T, O['nullable']>,
  Optional<O>,
  Flag<O['sortable'], false>,
  Flag<O['distinct'], false>
>;

const ISO_DATE_TIME = z.iso.datetime({ offset: true });

function build<T, const O extends FieldOptions>(
  kind: FieldKind,
  base: z.ZodType<T>,
  options: O,
  values: readonly string[] | null = null,
): Built<T, O> {
  const nullable = options.nullable ?? false;
  const textual = kind === 'string' || kind === 'enum';
  if (options.searchable && !textual) throw new Error(`Field '${options.label}': only text can be searched`);
  if (options.searchDigits && !options.searchable) throw new Error(`Field '${options.label}': searchDigits needs searchable`);
  if (options.sortable && (kind === 'json' || kind === 'strings' || kind === 'ints'))
    throw new Error(`Field '${options.label}': lists cannot be sorted`);
  const computed = options.computed ?? false;
  if (computed && (options.sortable || options.searchable || options.distinct || options.filterable)) {
    throw new Error(`Field '${options.label}': a computed field is not stored, so lists cannot use it`);
  }
  const field: AnyField = {
    kind,
    label: options.label,
    nullable,
    sensitive: options.sensitive ?? false,
    computed,
    optional: (options.sensitive ?? false) || computed,
    filterable: options.filterable ?? (kind !== 'json' && !computed),
    sortable: options.sortable ?? false,
    searchable: options.searchable ?? false,
    searchDigits: options.searchDigits ?? false,
    distinct: options.distinct ?? false,
    exportable: options.exportable ?? (kind !== 'json' && !computed),
    refersTo: options.refersTo ?? null,
    values,
    schema: nullable ? base.nullable() : base,
  };
  return field as Built<T, O>;
}

/** JSON values as stored in a json column (translations, settings). */
export const JsonValueSchema = z.json();
export type JsonValue = z.infer<typeof JsonValueSchema>;

type ListOptions = Omit<FieldOptions, 'nullable' | 'sortable' | 'searchable' | 'searchDigits'>;

/** Field builders: `fullName: f.string({ label: 'Full Name', sortable: true, searchable: true })`. */
export const f = {
  /** A record id (UUID): `_id` of every record, and the tenancy and bookkeeping references. */
  id: <const O extends FieldOptions>(options: O) => build('id', z.string(), options),
  /** The id of another resource's record (`refersTo` names its contract); nullable unless told. */
  ref: <const O extends Omit<FieldOptions, 'refersTo'>>(refersTo: string, options: O) =>
    build('id', z.string(), { nullable: true, ...options, refersTo }) as unknown as Built<
      string,
      O extends { nullable: false } ? O : O & { nullable: true }
    >,
  string: <const O extends FieldOptions>(options: O) => build('string', z.string(), options),
  enum: <const V extends readonly [string, ...string[]], const O extends FieldOptions>(values: V, options: O) =>
    build('enum', z.enum(values) as unknown as z.ZodType<V[number]>, options, values),
  int: <const O extends FieldOptions>(options: O) => build('int', z.number().int(), options),
  number: <const O extends FieldOptions>(options: O) => build('number', z.number(), options),
  /** A decimal amount (prices, budgets), answered as a number. */
  money: <const O extends FieldOptions>(options: O) => build('money', z.number(), options),
  boolean: <const O extends FieldOptions>(options: O) => build('boolean', z.boolean(), options),
  /** A moment, answered as an ISO 8601 string in UTC. */
  date: <const O extends FieldOptions>(options: O) => build('date', ISO_DATE_TIME, options),
  strings: <const O extends ListOptions>(options: O) => build('strings', z.array(z.string()), options),
  ints: <const O extends ListOptions>(options: O) => build('ints', z.array(z.number().int()), options),
  /** Free-form JSON (translations, settings); never filtered nor exported. */
  json: <const O extends ListOptions, T = JsonValue>(options: O, schema: z.ZodType<T> = JsonValueSchema as unknown as z.ZodType<T>) =>
    build('json', schema, { ...options, nullable: true }),
};

/** A field's answered value. */
export type FieldValue<F> = F extends FieldContract<infer T, boolean, boolean, boolean> ? T : never;

type OptionalKeys<F extends FieldShape> = { [K in keyof F]: F[K]['optional'] extends true ? K : never }[keyof F];
/** Fields a list may sort by. */
export type SortableKeys<F extends FieldShape> = { [K in keyof F]: F[K]['sortable'] extends true ? K : never }[keyof F] & string;
/** Fields that answer GET {path}/distinct/{field}. */
export type DistinctKeys<F extends FieldShape> = { [K in keyof F]: F[K]['distinct'] extends true ? K : never }[keyof F] & string;

/** The record built from a field shape: sensitive and computed fields optional, the others always answered. */
export type RecordOfFields<F extends FieldShape> = { [K in Exclude<keyof F, OptionalKeys<F>>]: FieldValue<F[K]> } & {
  [K in OptionalKeys<F>]?: FieldValue<F[K]>;
};

/** The zod object of a field shape (sensitive and computed fields optional). */
export function recordSchemaOf<F extends FieldShape>(fields: F): z.ZodType<RecordOfFields<F>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(fields)) shape[name] = field.optional ? field.schema.optional() : field.schema;
  return z.object(shape) as unknown as z.ZodType<RecordOfFields<F>>;
}

/** The keys of a shape whose fields carry a flag. */
export function keysWhere<F extends FieldShape>(fields: F, flag: (field: AnyField) => boolean): (keyof F & string)[] {
  return Object.entries(fields)
    .filter(([, field]) => flag(field))
    .map(([name]) => name);
}

/** A few fields of another contract, for a populated relation: `pickFields(storage.fields, ['_id', 'name'])`. */
export function pickFields<F extends FieldShape, const K extends readonly (keyof F & string)[]>(fields: F, keys: K): Pick<F, K[number]> {
  const out: Partial<F> = {};
  for (const key of keys) out[key] = fields[key];
  return out as Pick<F, K[number]>;
}

/** The `_id` and bookkeeping fields every record of an asset carries (its base entity). */
export function baseFields<const SoftDelete extends boolean = false>(options: { softDelete?: SoftDelete } = {}) {
  const base = {
    _id: f.id({ label: 'ID', exportable: false }),
    asset: f.id({ label: 'Asset', exportable: false }),
    company: f.id({ label: 'Company', exportable: false }),
    creator: f.ref('users', { label: 'Created By', exportable: false }),
    updatedBy: f.ref('users', { label: 'Last Updated By', exportable: false }),
    createdAt: f.date({ label: 'Created At', sortable: true }),
    updatedAt: f.date({ label: 'Updated At', sortable: true }),
  };
  const deleted = { deletedAt: f.date({ label: 'Deleted At', nullable: true, exportable: false }) };
  return (options.softDelete ? { ...base, ...deleted } : base) as SoftDelete extends true ? typeof base & typeof deleted : typeof base;
}
