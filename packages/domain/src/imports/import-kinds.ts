import type { AnyResourceContract } from '../resources/contract.js';
import { listingContract } from '../listings/listing.contract.js';
import { projectContract } from '../projects/project.contract.js';
import { memberContract } from '../teams/team.contract.js';
import { AMENITIES } from '../leads/amenities.js';
import { UNIT_TYPES } from '../leads/unit-types.js';
import { LISTING_PORTALS } from '../listings/listing-enums.js';
import type { ImportColumn, ImportKind } from './import.schemas.js';

// Which contract each import fills, the field that identifies a row (a rerun updates the record that has it) and
// the columns a file may carry, in the template's order. A record another one points to is named in the file by its
// name (a project's developer) or a user by their email (a member's login), never by an id; other ids (agent, photos) and the JSON parts are edited on screen.

export interface ImportKindSpec {
  kind: ImportKind;
  contract: AnyResourceContract;
  /** The natural key: a listing's reference, a project's slug (or its name), a member's email. */
  key: string;
  /** Also accepted to find an existing record when the key's cell is empty (a project by its name). */
  altKey?: string;
  /** Imported fields, in the template's order. */
  fields: readonly string[];
  /** Fields a row must have (beyond the create schema's own). */
  required: readonly string[];
  /** The allowed items of list fields. */
  listValues?: Readonly<Record<string, readonly string[]>>;
  /** Choices that are free text in the contract but closed in the create schema. */
  choiceValues?: Readonly<Record<string, readonly string[]>>;
  /** Reference fields whose cell holds the referenced record's name (found in the asset, ignoring case). */
  byName?: readonly string[];
  /** Reference fields whose cell holds a user's email (a member's login: found in the company, ignoring case). */
  byEmail?: readonly string[];
}

export const IMPORT_KIND_SPECS: Readonly<Record<ImportKind, ImportKindSpec>> = {
  listings: {
    kind: 'listings',
    contract: listingContract,
    key: 'reference',
    fields: [
      'reference',
      'title',
      'leadType',
      'rentFrequency',
      'unitType',
      'status',
      'completionStatus',
      'furnishing',
      'price',
      'size',
      'bedrooms',
      'bathrooms',
      'parking',
      'country',
      'city',
      'location',
      'subLocation',
      'community',
      'subCommunity',
      'building',
      'latitude',
      'longitude',
      'permitNumber',
      'permitExpiresAt',
      'amenities',
      'tags',
      'portals',
      'enabled',
      'description',
      'sourceDataId',
    ],
    required: ['reference'],
    listValues: { amenities: AMENITIES, portals: LISTING_PORTALS },
    choiceValues: { unitType: UNIT_TYPES },
  },
  projects: {
    kind: 'projects',
    contract: projectContract,
    key: 'slug',
    altKey: 'name',
    fields: [
      'name',
      'slug',
      'developer',
      'campaignName',
      'status',
      'country',
      'city',
      'community',
      'location',
      'minPrice',
      'maxPrice',
      'bedrooms',
      'unitTypes',
      'amenities',
      'startDate',
      'completionDate',
      'handoverDate',
      'enabled',
      'description',
      'sourceDataId',
    ],
    required: ['name'],
    listValues: { amenities: AMENITIES, unitTypes: UNIT_TYPES },
    byName: ['developer'],
  },
  members: {
    kind: 'members',
    contract: memberContract,
    key: 'email',
    fields: [
      'name',
      'email',
      'phoneCode',
      'phone',
      'whatsappNumber',
      'officeName',
      'designation',
      'type',
      'enabled',
      'isTest',
      'isLeadProcessEnabled',
      'leadWeight',
      'areas',
      'description',
      'sourceDataId',
      'user',
    ],
    required: ['name', 'email'],
    byEmail: ['user'],
  },
};

const KIND_OF: Record<string, ImportColumn['kind']> = {
  string: 'text',
  enum: 'choice',
  int: 'integer',
  number: 'number',
  money: 'number',
  boolean: 'boolean',
  date: 'date',
  strings: 'list',
  ints: 'numbers',
};

/** The columns of a kind's file, from its contract's fields (labels as the screens show them). */
export function importColumnsOf(spec: ImportKindSpec): ImportColumn[] {
  return spec.fields.map((name) => {
    const field = spec.contract.fields[name];
    if (!field) throw new Error(`Import of ${spec.kind}: unknown field '${name}'`);
    const values = spec.listValues?.[name] ?? spec.choiceValues?.[name] ?? field.values;
    const kind = KIND_OF[field.kind] ?? 'text';
    return {
      field: name,
      label: field.label,
      key: name === spec.key,
      required: spec.required.includes(name),
      kind: kind === 'text' && spec.choiceValues?.[name] ? 'choice' : kind,
      values: values ? [...values] : null,
    };
  });
}
