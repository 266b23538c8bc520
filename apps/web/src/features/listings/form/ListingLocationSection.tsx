import { LISTING_TEXT as T, listingContract } from '@crm/domain';
import { AutoComplete, Col, Form, Input, InputNumber, Row } from 'antd';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import { CityAutoComplete } from '../../../kit/lookups/CityAutoComplete';
import { CountrySelect } from '../../../kit/lookups/CountrySelect';
import { useCommunities, useLocations, useSubCommunities } from '../../../kit/lookups/useGeoLookups';
import { FormSection } from './FormSection';

const Item = formItemOf(listingContract);
const THIRD = { xs: 24, md: 8 };
const options = (values: readonly string[]) => values.map((value) => ({ value }));

/**
 * Country (the lead form's countries lookup), city (the UAE's places, or the country's cities searched by name), the
 * Dubai hierarchy (location, community, sub-community, building) and the map point.
 */
export function ListingLocationSection() {
  const country = Form.useWatch('country');
  const city = Form.useWatch('city');
  const { locations } = useLocations(city);
  const community = Form.useWatch('community');
  const { communities } = useCommunities(city);
  const { subCommunities } = useSubCommunities(city, community);
  return (
    <FormSection title={T.sections.location}>
      <Row gutter={16}>
        <Col {...THIRD}>
          <Item name="country">
            <CountrySelect aria-label={listingContract.fields.country.label} />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="city">
            <CityAutoComplete country={country} />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="location">
            <AutoComplete options={options(locations)} filterOption />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="community">
            <AutoComplete options={options(communities)} filterOption />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="subCommunity">
            <AutoComplete options={options(subCommunities)} filterOption />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="building">
            <Input autoComplete="off" />
          </Item>
        </Col>
        <Col {...THIRD}>
          <Item name="subLocation">
            <Input autoComplete="off" />
          </Item>
        </Col>
        <Col xs={12} md={8}>
          <Item name="latitude">
            <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
          </Item>
        </Col>
        <Col xs={12} md={8}>
          <Item name="longitude">
            <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
          </Item>
        </Col>
      </Row>
    </FormSection>
  );
}
