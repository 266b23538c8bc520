import { INTEGRATION_KINDS, type IntegrationKind, type IntegrationRecord } from '@crm/domain';
import { Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { STATUS_TAGS } from './integration-status';

// Every provider as a card, grouped by kind (each group an h2), with its status and switch as text.

interface ProviderCardsProps {
  records: readonly IntegrationRecord[];
  onConfigure: (record: IntegrationRecord) => void;
}

export function ProviderCards({ records, onConfigure }: ProviderCardsProps) {
  const kinds = Object.keys(INTEGRATION_KINDS) as IntegrationKind[];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {kinds.map((kind) => {
        const group = records.filter((record) => record.kind === kind);
        if (!group.length) return null;
        return (
          <section key={kind} aria-labelledby={`integrations-${kind}`}>
            <Typography.Title level={2} id={`integrations-${kind}`} style={{ fontSize: 18 }}>
              {INTEGRATION_KINDS[kind]}
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {group.map((record) => {
                const status = STATUS_TAGS[record.status];
                return (
                  <Col key={record.provider} xs={24} sm={12} lg={8} xl={6}>
                    <Card size="small" title={record.label} data-testid={`integration-${record.provider}`}>
                      <Space direction="vertical" style={{ width: '100%' }}>
                        <Space wrap>
                          <Tag color={status.color}>{status.text}</Tag>
                          <Tag>{record.enabled ? 'On' : 'Off'}</Tag>
                        </Space>
                        <Button onClick={() => onConfigure(record)} aria-label={`Configure ${record.label}`}>
                          Configure
                        </Button>
                      </Space>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          </section>
        );
      })}
    </Space>
  );
}
