import { ReloadOutlined } from '@ant-design/icons';
import { FORM_LEAD_TYPE, LINKS, MESSAGES } from '@crm/domain';
import { Alert, Button, Col, Form, Row, Select, Space, Switch, Tooltip } from 'antd';
import { useMemo } from 'react';
import type { LeadFormController, LeadFormMode } from '../hooks/useLeadFormController';
import { useTeamMembers } from '../hooks/useTeamMembers';
import { leadRules, memberOptions, SEARCH_BY_LABEL } from '../lead-form-rules';

interface AssignmentSectionProps {
  controller: LeadFormController;
  mode: LeadFormMode;
}

/** Automatic or manual assignment, the agent, sendToPool, and the parent-lead and quota notices. */
export function AssignmentSection({ controller, mode }: AssignmentSectionProps) {
  const type = Form.useWatch('type');
  const manualValue = Form.useWatch<boolean | undefined>('isManualAssignment');
  const sendToPool = Form.useWatch<boolean | undefined>('sendToPool');
  const { members, loading } = useTeamMembers();
  const options = useMemo(() => memberOptions(members), [members]);
  const general = type === FORM_LEAD_TYPE.GENERAL;
  const manual = general || manualValue === true;
  const { parent } = controller;

  return (
    <>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          {/* A general lead is always assigned by hand. */}
          <Form.Item name="isManualAssignment" label="Manual Assignment" valuePropName="checked">
            <Switch disabled={general} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="sendToPool" label="Send To Pool" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Agent" required style={{ marginBottom: 0 }}>
            <Space.Compact block>
              <Form.Item name="agent" noStyle rules={leadRules('agent')}>
                <Select
                  aria-label="Agent"
                  placeholder={manual ? 'Select an agent' : 'Assigned automatically'}
                  showSearch={SEARCH_BY_LABEL}
                  loading={loading || controller.agentLoading}
                  disabled={!manual}
                  options={options}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              {mode === 'create' && !manual && (
                <Tooltip title="Find the agent again">
                  <Button
                    aria-label="Reload agent"
                    icon={<ReloadOutlined />}
                    loading={controller.agentLoading}
                    onClick={() => void controller.reloadAgent()}
                  />
                </Tooltip>
              )}
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>
      {parent && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={
            <span>
              {MESSAGES.lead.mergedWithParent(parent.leadID)}{' '}
              <a href={LINKS.leadDetail(parent._id)} target="_blank" rel="noopener noreferrer">
                Open {parent.leadID}
              </a>
            </span>
          }
          description={sendToPool ? MESSAGES.lead.notSentToPool : undefined}
        />
      )}
      {mode === 'create' && controller.limitsWarning && (
        <Alert type="warning" showIcon style={{ marginTop: 16 }} title={controller.limitsWarning} />
      )}
    </>
  );
}
