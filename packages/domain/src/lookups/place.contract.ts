import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { defineContract, rel } from '../resources/contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { optionalId, optionalText, requiredEnum, requiredText } from '../validation/zod-helpers.js';

// The company's gazetteer of the UAE: emirates, their cities, the communities of a city and a community's
// sub-communities, one tree (each place names its parent). Seeded with the real list; admins add and rename
// places, and the lead form, listings and projects offer them through the listing lookups.

export const PLACE_KINDS = ['emirate', 'city', 'community', 'subCommunity'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const PLACE_KIND_LABELS: Readonly<Record<PlaceKind, string>> = {
  emirate: 'Emirate',
  city: 'City',
  community: 'Community',
  subCommunity: 'Sub-community',
};

/** The kind a place's parent must be (an emirate has none). */
export const PLACE_PARENT_KIND: Readonly<Record<PlaceKind, PlaceKind | null>> = {
  emirate: null,
  city: 'emirate',
  community: 'city',
  subCommunity: 'community',
};

export const PLACE_MESSAGES = {
  parentRequired: (kind: PlaceKind) =>
    `A ${PLACE_KIND_LABELS[kind].toLowerCase()} needs its ${PLACE_KIND_LABELS[PLACE_PARENT_KIND[kind] ?? 'emirate'].toLowerCase()}.`,
  parentWrongKind: (kind: PlaceKind) =>
    `The parent of a ${PLACE_KIND_LABELS[kind].toLowerCase()} must be ${
      PLACE_PARENT_KIND[kind] ? `a ${PLACE_KIND_LABELS[PLACE_PARENT_KIND[kind] ?? 'emirate'].toLowerCase()}` : 'empty'
    }.`,
  duplicate: (name: string) => `${name} is already in this list.`,
  kindHasChildren: 'Move or delete the places under this one before changing its kind.',
} as const;

const { asset: _asset, ...tenancyFields } = baseFields({ softDelete: true });

export const placeFields = {
  ...tenancyFields,
  kind: f.enum(PLACE_KINDS, { label: 'Kind', sortable: true, filterable: true, distinct: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
  /** An emirate's ISO 3166-2 code ('DU'). */
  code: f.string({ label: 'Code', nullable: true }),
  parent: f.ref('places', { label: 'Parent' }),
};

export const PlaceInputSchema = z.strictObject({
  kind: requiredEnum(PLACE_KINDS, MESSAGES.record.required('Kind'), 'Kind'),
  name: requiredText(MESSAGES.record.required('Name'), undefined, 200),
  code: optionalText(10),
  parent: optionalId('Parent'),
});
export type PlaceInput = z.infer<typeof PlaceInputSchema>;

export const placeContract = defineContract({
  name: 'places',
  path: 'properties/places',
  label: { one: 'place', many: 'places' },
  scope: 'company',
  softDelete: true,
  fields: placeFields,
  relations: { parent: rel.one('places', pickFields(placeFields, ['_id', 'name', 'kind']), { label: 'Parent' }) },
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['kind', 'name', 'code', 'parent', 'createdAt'],
  create: PlaceInputSchema,
  permissions: {
    read: [P.BASIC_SETTING_VIEW, P.LISTINGS_VIEW, P.PROJECTS_VIEW, P.LEAD_ADD, P.LEADS_REPORT_VIEW],
    create: [P.BASIC_SETTING_VIEW],
    update: [P.BASIC_SETTING_VIEW],
    delete: [P.BASIC_SETTING_VIEW],
  },
});
