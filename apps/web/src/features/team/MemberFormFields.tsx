import { ALL_ROWS_LIMIT, memberContract } from '@crm/domain';
import { Col, Input, Row, Select, Switch } from 'antd';
import { trpc } from '../../app/trpc';
import { FilePickerField } from '../../kit/file-picker';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(memberContract);
const HALF = { xs: 24, md: 12 };
const THIRD = { xs: 12, md: 8 };
const ALL = { limit: ALL_ROWS_LIMIT, select: ['name'] as 'name'[], sort: { name: 1 as const } };

/** A team member's profile; labels, rules and messages come from the contract. Groups are set by the bulk action. */
export function MemberFormFields(_props: FormFieldsProps<typeof memberContract>) {
  const departments = trpc.departments.list.useQuery({ filter: ALL });
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
        <Item name="calendly">
          <Input type="url" inputMode="url" autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="linkedInProfileLink">
          <Input type="url" inputMode="url" autoComplete="off" />
        </Item>
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
      <Col span={24}>
        <Item name="description">
          <Input.TextArea rows={4} />
        </Item>
      </Col>
    </Row>
  );
}
