import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProjectTypesInputSchema, UNIT_TYPES } from '@crm/domain';
import { Button, Card, Col, Form, InputNumber, Row, Select } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

const TYPE_OPTIONS = UNIT_TYPES.map((type) => ({ value: type, label: type }));
const NUMBERS: readonly { key: 'bedrooms' | 'minSize' | 'maxSize' | 'minPrice' | 'maxPrice'; label: string }[] = [
  { key: 'bedrooms', label: 'Bedrooms' },
  { key: 'minSize', label: 'Min size (sq ft)' },
  { key: 'maxSize', label: 'Max size (sq ft)' },
  { key: 'minPrice', label: 'Min price' },
  { key: 'maxPrice', label: 'Max price' },
];
const NEW_TYPE = { type: undefined, bedrooms: null, minSize: null, maxSize: null, minPrice: null, maxPrice: null };

/** Unit types: type, bedrooms, size and price ranges. Saving also sets the summary the lead form reads. */
export function UnitTypesTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  return (
    <PartForm
      schema={ProjectTypesInputSchema}
      initialValues={{ types: project.types ?? [] }}
      save={(data) => parts.types.mutateAsync({ id: project._id, data })}
      what="Unit types"
    >
      <Form.List name="types">
        {(types, { add, remove }, { errors }) => (
          <>
            <Form.ErrorList errors={errors} />
            {types.map((item, index) => (
              <Card
                key={item.key}
                size="small"
                title={`Unit type ${index + 1}`}
                style={{ marginBottom: 16 }}
                extra={
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(item.name)}
                    aria-label={`Remove unit type ${index + 1}`}
                  />
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item name={[item.name, 'type']} label="Type">
                      <Select options={TYPE_OPTIONS} aria-label={`Unit type ${index + 1} type`} />
                    </Form.Item>
                  </Col>
                  {NUMBERS.map((number) => (
                    <Col key={number.key} xs={12} md={number.key === 'bedrooms' ? 4 : 6}>
                      <Form.Item name={[item.name, number.key]} label={number.label}>
                        <InputNumber min={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Card>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(NEW_TYPE)} style={{ marginBottom: 16 }}>
              Add unit type
            </Button>
          </>
        )}
      </Form.List>
    </PartForm>
  );
}
