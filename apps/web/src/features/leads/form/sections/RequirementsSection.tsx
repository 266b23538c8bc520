import { AMENITIES, FORM_LEAD_TYPE, LIMITS, UNIT_TYPES } from '@crm/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useCities, useCountries, useLocations } from '../../../../kit/lookups/useGeoLookups';
import { leadRules, SEARCH_BY_LABEL, toOptions, withCurrent } from '../lead-form-rules';
import type { LocationValue } from '../lead-form-values';
import { RangeFields } from './RangeFields';

const THIRD = { xs: 24, md: 8 };

/** What the customer wants: property type, amenities, place, rooms and budget (general leads need them all). */
export function RequirementsSection() {
  const type = Form.useWatch('type');
  const country = Form.useWatch<string | null | undefined>('country');
  const city = Form.useWatch<string | null | undefined>('city');
  const location = Form.useWatch<LocationValue | string | null | undefined>('location');
  const { countries, loading: countriesLoading } = useCountries();
  // The UAE's cities are the company's places; another country's are searched by name as the agent types.
  const { cities, loading: citiesLoading, onSearch: searchCities } = useCities(country);
  const { locations, loading: locationsLoading } = useLocations(city);
  const general = type === FORM_LEAD_TYPE.GENERAL;
  const needsPropertyType = general || type === FORM_LEAD_TYPE.OFFPLAN;

  const countryOptions = useMemo(() => withCurrent(toOptions([...new Set(countries.map((c) => c.name))]), country), [countries, country]);
  const cityOptions = useMemo(() => withCurrent(toOptions(cities), city), [cities, city]);
  const currentLocation = typeof location === 'string' ? location : location?.label;
  const locationOptions = useMemo(() => withCurrent(toOptions(locations), currentLocation), [locations, currentLocation]);

  return (
    <Row gutter={16}>
      <Col {...THIRD}>
        <Form.Item name="propertyType" label="Property Type" required={needsPropertyType} rules={leadRules('propertyType')}>
          <Select placeholder="Select" allowClear showSearch={SEARCH_BY_LABEL} options={toOptions(UNIT_TYPES)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="amenities" label="Amenities" required={general} rules={leadRules('amenities')}>
          <Select
            mode="multiple"
            placeholder="Select"
            allowClear
            maxTagCount={LIMITS.AMENITIES_MAX_TAGS}
            showSearch={SEARCH_BY_LABEL}
            options={toOptions(AMENITIES)}
          />
        </Form.Item>
      </Col>
      <Col {...THIRD}>
        <Form.Item name="country" label="Country" required={general} rules={leadRules('country')}>
          <Select placeholder="Select" showSearch={SEARCH_BY_LABEL} loading={countriesLoading} options={countryOptions} />
        </Form.Item>
      </Col>
      <Col {...THIRD}>
        <Form.Item name="city" label="City" required={general} rules={leadRules('city')}>
          <Select
            placeholder="Select"
            showSearch={searchCities ? { ...SEARCH_BY_LABEL, onSearch: searchCities } : SEARCH_BY_LABEL}
            allowClear
            loading={citiesLoading}
            options={cityOptions}
          />
        </Form.Item>
      </Col>
      <Col {...THIRD}>
        <Form.Item name="location" label="Location" required={general} rules={leadRules('location')}>
          <Select
            labelInValue
            placeholder="Select"
            showSearch={SEARCH_BY_LABEL}
            allowClear
            loading={locationsLoading}
            options={locationOptions}
          />
        </Form.Item>
      </Col>
      <Col {...THIRD}>
        <Form.Item name="subLocation" label="Sub Location" rules={leadRules('subLocation')}>
          <Input />
        </Form.Item>
      </Col>
      <Col {...THIRD}>
        <Form.Item name="community" label="Community" rules={leadRules('community')}>
          <Input />
        </Form.Item>
      </Col>
      <RangeFields quantity="bedrooms" required={general} />
      <RangeFields quantity="bathrooms" required={false} />
      <RangeFields quantity="budget" required={general} />
    </Row>
  );
}
