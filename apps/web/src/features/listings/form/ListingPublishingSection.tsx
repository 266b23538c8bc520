import { AMENITIES, LISTING_PORTALS, LISTING_STATUSES, LISTING_TEXT as T, listingContract, populated } from '@crm/domain';
import { Col, Row, Select, Switch } from 'antd';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import type { FormFieldsProps } from '../../../kit/form/form-spec';
import { FormSection } from './FormSection';
import { useAgentOptions, useOwnerSearch, useTagOptions } from './useListingLookups';

const Item = formItemOf(listingContract);
const HALF = { xs: 24, md: 12 };
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The amenities the unit offers (the portals' list). */
export function ListingAmenitiesSection() {
  return (
    <FormSection title={T.sections.amenities}>
      <Item name="amenities">
        <Select mode="multiple" allowClear options={options(AMENITIES)} showSearch={{ optionFilterProp: 'label' }} />
      </Item>
    </FormSection>
  );
}

/** Who handles it (agent), whose it is (owner), its status, the portals it goes to and its tags. */
export function ListingPublishingSection({ record }: Pick<FormFieldsProps<typeof listingContract>, 'record'>) {
  const agents = useAgentOptions();
  const tags = useTagOptions();
  const owners = useOwnerSearch();
  const currentOwner = populated(typeof record?.owner === 'object' ? record.owner : null);
  const ownerOptions =
    currentOwner && !owners.options.some((o) => o.value === currentOwner._id)
      ? [{ value: currentOwner._id, label: `${currentOwner.fullName ?? ''} (${currentOwner.customerID ?? ''})` }, ...owners.options]
      : owners.options;
  return (
    <FormSection title={T.sections.publishing}>
      <Row gutter={16}>
        <Col {...HALF}>
          <Item name="status">
            <Select options={options(LISTING_STATUSES)} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="enabled" valuePropName="checked">
            <Switch />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="agent">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={agents} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="owner">
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: owners.setText }}
              loading={owners.loading}
              placeholder={T.ownerSearch}
              options={ownerOptions}
            />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="portals">
            <Select mode="multiple" allowClear options={options(LISTING_PORTALS)} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="tags">
            <Select mode="tags" allowClear options={tags} tokenSeparators={[',']} />
          </Item>
        </Col>
      </Row>
    </FormSection>
  );
}
