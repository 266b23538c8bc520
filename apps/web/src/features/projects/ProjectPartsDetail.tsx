import { MESSAGES } from '@crm/domain';
import { Card, Descriptions, Image, List, Space, Table, Typography } from 'antd';
import type { ProjectRecord } from './project-record';

const CARD = { style: { marginBottom: 16 } } as const;
const money = (value: number | null) => (value === null ? MESSAGES.record.empty : value.toLocaleString('en-US'));
const range = (low: number | null, high: number | null, show: (value: number | null) => string = money) =>
  low === null && high === null ? MESSAGES.record.empty : `${show(low)} - ${show(high)}`;

/** The parts of a project as its detail page shows them: unit types, payment plans, gallery, DLD, key points, FAQ. */
export function ProjectPartsDetail({ project }: { project: ProjectRecord }) {
  const types = project.types ?? [];
  const plans = project.paymentPlans ?? [];
  const faqs = project.faqs ?? [];
  return (
    <>
      <Card title="Unit Types" {...CARD}>
        <Table
          rowKey={(_row, index) => String(index)}
          pagination={false}
          dataSource={types}
          columns={[
            { title: 'Type', dataIndex: 'type' },
            { title: 'Bedrooms', dataIndex: 'bedrooms', render: (value: number | null) => value ?? MESSAGES.record.empty },
            { title: 'Size (sq ft)', render: (_v, row) => range(row.minSize, row.maxSize) },
            { title: 'Price', render: (_v, row) => range(row.minPrice, row.maxPrice) },
          ]}
        />
      </Card>
      <Card title="Payment Plans" {...CARD}>
        {plans.length === 0 && MESSAGES.record.empty}
        {plans.map((plan) => (
          <div key={plan.name} style={{ marginBottom: 12 }}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {plan.name}
            </Typography.Title>
            <ol data-testid="payment-plan-milestones">
              {plan.milestones.map((milestone) => (
                <li key={`${milestone.dueAt}-${milestone.percentage}`}>
                  {milestone.percentage}% {milestone.dueAt}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </Card>
      <Card title="Gallery" {...CARD}>
        <Space wrap>
          {(project.gallery ?? []).map((image, index) => (
            <Image key={image.file} src={image.url} width={120} alt={`${project.name} image ${index + 1}`} />
          ))}
          {(project.gallery ?? []).length === 0 && MESSAGES.record.empty}
        </Space>
      </Card>
      <Card title="DLD and key points" {...CARD}>
        <Descriptions column={1}>
          <Descriptions.Item label="DLD project number">{project.dld?.projectNumber || MESSAGES.record.empty}</Descriptions.Item>
          <Descriptions.Item label="Escrow account">
            {[project.dld?.escrowBank, project.dld?.escrowAccountNumber].filter(Boolean).join(', ') || MESSAGES.record.empty}
          </Descriptions.Item>
          <Descriptions.Item label="Key points">{project.keyPoints.join('; ') || MESSAGES.record.empty}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={project.faqHeading || 'FAQ'} {...CARD}>
        <List
          dataSource={faqs}
          locale={{ emptyText: MESSAGES.record.empty }}
          renderItem={(faq) => (
            <List.Item data-testid="project-faq-detail">
              <List.Item.Meta title={faq.question} description={faq.answer} />
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
