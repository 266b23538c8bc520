import { LISTING_TEXT as T, listingContract } from '@crm/domain';
import { Col, DatePicker, Input, Row } from 'antd';
import { dayPickerValue, dayStoredValue } from '../../../kit/form/day-picker-value';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import { FormSection } from './FormSection';

const Item = formItemOf(listingContract);
const HALF = { xs: 24, md: 12 };

/** The Trakheesi permit (Dubai Land Department): its number and the day it expires. */
export function ListingPermitSection() {
  return (
    <FormSection title={T.sections.permit}>
      <Row gutter={16}>
        <Col {...HALF}>
          <Item name="permitNumber">
            <Input autoComplete="off" inputMode="numeric" />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="permitExpiresAt" getValueProps={dayPickerValue} normalize={dayStoredValue}>
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
          </Item>
        </Col>
      </Row>
    </FormSection>
  );
}
