import { type CustomFieldRule, customFieldValueSchema, isFilledCustomValue, MESSAGES } from '@crm/domain';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';

// The inputs of a record's custom fields inside a kit form, one per definition by its type, named
// ['customFields', key] so the server's 400 (`customFields.<key>`) lands under its field. The rules are the domain's
// own schema of each definition, so the browser refuses what the server would, with the same messages.

function rulesOf(rule: CustomFieldRule): Rule[] {
  return [
    {
      required: rule.required,
      validator: async (_r, value: unknown) => {
        if (rule.required && !isFilledCustomValue(value)) throw new Error(MESSAGES.customField.required(rule.label));
        const parsed = customFieldValueSchema(rule).safeParse(value === '' ? undefined : value);
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? MESSAGES.common.error);
      },
    },
  ];
}

const dateProps = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const dateValue = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null);

function Control({ rule, ...props }: { rule: CustomFieldRule; id?: string }) {
  const options = rule.options.map((option) => ({ value: option, label: option }));
  switch (rule.type) {
    case 'number':
      return <InputNumber {...props} style={{ width: '100%' }} />;
    case 'select':
      return <Select {...props} aria-label={rule.label} allowClear options={options} />;
    case 'multi-select':
      return <Select {...props} aria-label={rule.label} mode="multiple" allowClear options={options} />;
    case 'boolean':
      return <Switch {...props} aria-label={rule.label} />;
    case 'date':
      return <DatePicker {...props} style={{ width: '100%' }} format="YYYY-MM-DD" />;
    default:
      return <Input {...props} autoComplete="off" maxLength={1000} />;
  }
}

/** The custom fields of a form (nothing when the asset defines none). */
export function CustomFieldInputs({ rules }: { rules: readonly CustomFieldRule[] }) {
  if (!rules.length) return null;
  return (
    <Row gutter={16}>
      {rules.map((rule) => (
        <Col key={rule.key} xs={24} md={12}>
          <Form.Item
            name={['customFields', rule.key]}
            label={rule.label}
            rules={rulesOf(rule)}
            {...(rule.type === 'boolean' ? { valuePropName: 'checked' } : {})}
            {...(rule.type === 'date' ? { getValueProps: dateProps, normalize: dateValue } : {})}
          >
            <Control rule={rule} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
