import type { listingContract } from '@crm/domain';
import type { FormFieldsProps } from '../../../kit/form/form-spec';
import { ListingCustomFieldsSection } from './ListingCustomFieldsSection';
import { ListingDetailsSection } from './ListingDetailsSection';
import { ListingLocationSection } from './ListingLocationSection';
import { ListingMediaSection } from './ListingMediaSection';
import { ListingPermitSection } from './ListingPermitSection';
import { ListingAmenitiesSection, ListingPublishingSection } from './ListingPublishingSection';

/** The listing editor's sections; labels, rules and messages come from the contract. */
export function ListingFormFields({ record }: FormFieldsProps<typeof listingContract>) {
  return (
    <>
      <ListingDetailsSection />
      <ListingLocationSection />
      <ListingMediaSection />
      <ListingAmenitiesSection />
      <ListingPermitSection />
      <ListingPublishingSection record={record} />
      <ListingCustomFieldsSection />
    </>
  );
}
