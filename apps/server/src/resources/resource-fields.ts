import type { FieldOptions, FieldRef, FieldSpec, ModelKey } from './resource.types.js';

// Field builders for resource configs: `name: field.string()`, `developer: field.ref('developer', {...})`.
export const field = {
  string: (options: FieldOptions = {}): FieldSpec => ({ type: 'string', ...options }),
  enum: (values: readonly string[], options: FieldOptions = {}): FieldSpec => ({ type: 'enum', values, ...options }),
  uuid: (options: FieldOptions = {}): FieldSpec => ({ type: 'uuid', ...options }),
  int: (options: FieldOptions = {}): FieldSpec => ({ type: 'int', ...options }),
  float: (options: FieldOptions = {}): FieldSpec => ({ type: 'float', ...options }),
  decimal: (options: FieldOptions = {}): FieldSpec => ({ type: 'decimal', ...options }),
  boolean: (options: FieldOptions = {}): FieldSpec => ({ type: 'boolean', ...options }),
  date: (options: FieldOptions = {}): FieldSpec => ({ type: 'date', ...options }),
  strings: (options: FieldOptions = {}): FieldSpec => ({ type: 'string[]', ...options }),
  ints: (options: FieldOptions = {}): FieldSpec => ({ type: 'int[]', ...options }),
  json: (options: FieldOptions = {}): FieldSpec => ({ type: 'json', nullable: true, ...options }),
  /** A nullable foreign key `<name>Id`, checked on write to belong to the caller's asset (or company). */
  ref: (model: ModelKey, label: string, options: FieldOptions & { scope?: FieldRef['scope'] } = {}): FieldSpec => {
    const { scope = 'asset', ...rest } = options;
    return { type: 'uuid', nullable: true, ref: { model, scope, label }, ...rest };
  },
};

/** `_id` and the bookkeeping fields of every record (docs/api.md 'Answers'), for an asset-scoped model. */
export function baseFields(options: { softDelete?: boolean } = {}): Record<string, FieldSpec> {
  return {
    _id: field.uuid({ column: 'id' }),
    asset: field.uuid({ column: 'assetId' }),
    company: field.uuid({ column: 'companyId' }),
    creator: field.uuid({ column: 'creatorId', nullable: true }),
    updatedBy: field.uuid({ column: 'updatedById', nullable: true }),
    createdAt: field.date(),
    updatedAt: field.date(),
    ...(options.softDelete ? { deletedAt: field.date({ nullable: true }) } : {}),
  };
}
