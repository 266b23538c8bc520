import { ALL_ROWS_LIMIT, memberContract } from '@crm/domain';
import { Col, DatePicker, Input, InputNumber, Row, Select, Switch } from 'antd';
import { trpc } from '../../app/trpc';
import { FilePickerField } from '../../kit/file-picker';
import { dayPickerValue, dayStoredValue } from '../../kit/form/day-picker-value';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { MemberUserSelect } from './MemberUserSelect';

const Item = formItemOf(memberContract);
const HALF = { xs: 24, md: 12 };
const THIRD = { xs: 12, md: 8 };
const ALL = { limit: ALL_ROWS_LIMIT, select: ['name'] as 'name'[], sort: { name: 1 as const } };

const url = <Input type="url" inputMode="url" autoComplete="off" />;

/**
 * A team member's profile: labels, rules and messages come from the contract; the user account (their login), the
 * department, groups and manager are picked among the asset's (the company's users).
 */
export function MemberFormFields({ record }: FormFieldsProps<typeof memberContract>) {
  const departments = trpc.departments.list.useQuery({ filter: ALL });
  const groups = trpc.groups.list.useQuery({ filter: ALL });
  const managers = trpc.members.list.useQuery({ filter: { ...ALL, query: { reportedTo: null } } });
  const optionsOf = (rows: { _id: string; name?: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: r._id, label: r.name ?? '' }));
  return (
    <Row gutter={16}>
      <Col {...HALF}>
        <Item name="name">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="brn" extra="The broker's registration number with RERA.">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="brnExpiresAt" getValueProps={dayPickerValue} normalize={dayStoredValue}>
          <DatePicker aria-label="BRN Expiry" style={{ width: '100%' }} format="YYYY-MM-DD" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="designation">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="officeName">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="email">
          <Input type="email" autoComplete="off" />
        </Item>
      </Col>
      <Col xs={8} md={4}>
        <Item name="phoneCode">
          <Input autoComplete="off" inputMode="tel" />
        </Item>
      </Col>
      <Col xs={16} md={8}>
        <Item name="phone">
          <Input autoComplete="off" inputMode="tel" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="department">
          <Select
            aria-label="Department"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={optionsOf(departments.data?.data)}
          />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="reportedTo">
          <Select aria-label="Manager" allowClear showSearch={{ optionFilterProp: 'label' }} options={optionsOf(managers.data?.data)} />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="groups">
          <Select
            aria-label="Groups"
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={optionsOf(groups.data?.data)}
          />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="user">
          <MemberUserSelect memberId={record?._id} />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="areas">
          <Select aria-label="Areas" mode="tags" allowClear tokenSeparators={[',']} />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="leadWeight">
          <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="calendly">{url}</Item>
      </Col>
      <Col {...HALF}>
        <Item name="videoLink">{url}</Item>
      </Col>
      <Col {...HALF}>
        <Item name="linkedInProfileLink">{url}</Item>
      </Col>
      <Col {...HALF}>
        <Item name="facebookProfileLink">{url}</Item>
      </Col>
      <Col {...HALF}>
        <Item name="twitterProfileLink">{url}</Item>
      </Col>
      <Col {...HALF}>
        <Item name="instagramProfileLink">{url}</Item>
      </Col>
      <Col {...THIRD}>
        <Item name="enabled" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="isLeadProcessEnabled" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="isTest" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="showContactInfo" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="avatar">
          <FilePickerField mode="image" category="team" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="avatar2">
          <FilePickerField mode="image" category="team" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="brochureAvatar">
          <FilePickerField mode="image" category="team" />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="description">
          <Input.TextArea rows={4} />
        </Item>
      </Col>
    </Row>
  );
}
