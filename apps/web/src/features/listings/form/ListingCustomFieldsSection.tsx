import { MESSAGES } from '@crm/domain';
import { CustomFieldInputs } from '../../../kit/custom-fields/CustomFieldInputs';
import { useCustomFieldDefinitions } from '../../../kit/custom-fields/useCustomFieldDefinitions';
import { FormSection } from './FormSection';

/** The asset's custom fields of listings (none: no section). */
export function ListingCustomFieldsSection() {
  const rules = useCustomFieldDefinitions('listing');
  if (!rules.length) return null;
  return (
    <FormSection title={MESSAGES.customField.section}>
      <CustomFieldInputs rules={rules} />
    </FormSection>
  );
}
