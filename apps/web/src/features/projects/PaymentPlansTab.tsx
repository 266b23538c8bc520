import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProjectPaymentPlansInputSchema } from '@crm/domain';
import { Button, Card, Col, Form, Input, InputNumber, Row, Space } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

const NEW_PLAN = { name: '', milestones: [{ percentage: 100, dueAt: 'On booking' }] };

/** Payment plans: named plans, each with milestones (a percentage and when it is due) adding up to 100%. */
export function PaymentPlansTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  return (
    <PartForm
      schema={ProjectPaymentPlansInputSchema}
      initialValues={{ paymentPlans: project.paymentPlans ?? [] }}
      save={(data) => parts.paymentPlans.mutateAsync({ id: project._id, data })}
      what="Payment plans"
    >
      <Form.List name="paymentPlans">
        {(plans, { add, remove }, { errors }) => (
          <>
            <Form.ErrorList errors={errors} />
            {plans.map((plan, planIndex) => (
              <Card
                key={plan.key}
                size="small"
                style={{ marginBottom: 16 }}
                title={`Plan ${planIndex + 1}`}
                extra={
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(plan.name)}
                    aria-label={`Remove plan ${planIndex + 1}`}
                  />
                }
              >
                <Form.Item name={[plan.name, 'name']} label="Plan name">
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.List name={[plan.name, 'milestones']}>
                  {(milestones, milestone, { errors: milestoneErrors }) => (
                    <>
                      <Form.ErrorList errors={milestoneErrors} />
                      {milestones.map((item, index) => (
                        <Row key={item.key} gutter={12} align="bottom">
                          <Col xs={24} md={6}>
                            <Form.Item name={[item.name, 'percentage']} label={`Milestone ${index + 1} percentage`}>
                              <InputNumber min={0} max={100} step={5} suffix="%" style={{ width: '100%' }} />
                            </Form.Item>
                          </Col>
                          <Col xs={20} md={15}>
                            <Form.Item name={[item.name, 'dueAt']} label={`Milestone ${index + 1} due`}>
                              <Input autoComplete="off" placeholder="On booking" />
                            </Form.Item>
                          </Col>
                          <Col xs={4} md={3}>
                            <Form.Item>
                              <Button
                                icon={<DeleteOutlined aria-hidden />}
                                onClick={() => milestone.remove(item.name)}
                                aria-label={`Remove milestone ${index + 1} of plan ${planIndex + 1}`}
                              />
                            </Form.Item>
                          </Col>
                        </Row>
                      ))}
                      <Button
                        icon={<PlusOutlined aria-hidden />}
                        onClick={() => milestone.add({ percentage: null, dueAt: '' })}
                        aria-label={`Add milestone to plan ${planIndex + 1}`}
                      >
                        Add milestone
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Space style={{ marginBottom: 16 }}>
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(NEW_PLAN)}>
                Add payment plan
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </PartForm>
  );
}
