import { ALL_ROWS_LIMIT, MESSAGES, PROJECT_STATUSES, projectContract } from '@crm/domain';
import { AutoComplete, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { trpc } from '../../app/trpc';
import { CustomFieldInputs } from '../../kit/custom-fields/CustomFieldInputs';
import { useCustomFieldDefinitions } from '../../kit/custom-fields/useCustomFieldDefinitions';
import { FilePickerField } from '../../kit/file-picker';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { CityAutoComplete } from '../../kit/lookups/CityAutoComplete';
import { CountrySelect } from '../../kit/lookups/CountrySelect';
import { useCommunities } from '../../kit/lookups/useGeoLookups';
import { ProjectDateItem } from './ProjectDateItem';

const Item = formItemOf(projectContract);
const HALF = { xs: 24, md: 12 };
const THIRD = { xs: 24, md: 8 };
const DEVELOPERS = { limit: ALL_ROWS_LIMIT, select: ['name' as const], sort: { name: 1 as const } };
const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: status }));
const { fields } = projectContract;

/**
 * The project's own fields (the create page and the editor's Details tab); labels, rules and messages come from the
 * contract. In the editor the Arabic description is on the Translations tab, with the other languages.
 */
export function ProjectFormFields({ mode }: FormFieldsProps<typeof projectContract>) {
  const developers = trpc.developers.list.useQuery({ filter: DEVELOPERS });
  const developerOptions = (developers.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  // The same country, city and community lookups as the lead form and listings.
  const country = Form.useWatch('country');
  const { communities } = useCommunities(Form.useWatch('city'));
  // The asset's custom fields of projects, saved with the project's own fields.
  const customRules = useCustomFieldDefinitions('project');
  return (
    <Row gutter={16}>
      <Col {...HALF}>
        <Item name="name">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="slug" extra="Lower-case words joined by dashes, e.g. creek-vista.">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="developer">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={developerOptions}
            loading={developers.isFetching}
            aria-label={fields.developer.label}
          />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="campaignName">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="status">
          <Select options={STATUS_OPTIONS} aria-label={fields.status.label} />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="country">
          <CountrySelect aria-label={fields.country.label} />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="city">
          <CityAutoComplete country={country} />
        </Item>
      </Col>
      <Col {...THIRD}>
        <Item name="community">
          <AutoComplete options={communities.map((value) => ({ value }))} filterOption />
        </Item>
      </Col>
      <Col {...THIRD}>
        <ProjectDateItem name="startDate" label={fields.startDate.label} />
      </Col>
      <Col {...THIRD}>
        <ProjectDateItem name="completionDate" label={fields.completionDate.label} />
      </Col>
      <Col {...THIRD}>
        <ProjectDateItem name="handoverDate" label={fields.handoverDate.label} />
      </Col>
      <Col span={24}>
        <Item name="description">
          <Input.TextArea rows={4} />
        </Item>
      </Col>
      {mode === 'create' && (
        <Col span={24}>
          <Item name="descriptionAr">
            <Input.TextArea rows={4} dir="rtl" lang="ar" />
          </Item>
        </Col>
      )}
      <Col {...HALF}>
        <Item name="brochure" extra="A PDF from Storage.">
          <FilePickerField mode="document" category="projects" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="enabled" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      {customRules.length > 0 && (
        <Col span={24}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {MESSAGES.customField.section}
          </Typography.Title>
          <CustomFieldInputs rules={customRules} />
        </Col>
      )}
    </Row>
  );
}
