import { type ContractRecord, placeContract } from '@crm/domain';
import { defineResourceForm } from '../../kit/form/form-spec';
import { PlaceFormFields } from './PlaceFormFields';

// A place: its kind, name, parent (a place of the kind above) and, for an emirate, its code; checked with the
// contract's schema here and again on the server, which also checks the parent's kind.

export const placeForm = defineResourceForm({
  contract: placeContract,
  Fields: PlaceFormFields,
  defaults: () => ({ kind: 'community' as const, name: '', code: null, parent: null }),
  fromRecord: (place: ContractRecord<typeof placeContract>) => ({
    kind: place.kind,
    name: place.name,
    code: place.code,
    parent: typeof place.parent === 'string' ? place.parent : (place.parent?._id ?? null),
  }),
});
