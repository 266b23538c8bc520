import {
  CONTACT_METHODS,
  CONTACT_TYPES,
  ENQUIRY_METHODS,
  LEAD_ACTIONS,
  LEAD_FORM_STAGES,
  LEAD_STATUSES,
  LEAD_TYPES,
  RATINGS,
} from '@crm/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { trpc } from '../../../../app/trpc';
import { useTeamMembers } from '../hooks/useTeamMembers';
import { leadRules, memberOptions, SEARCH_BY_LABEL, toOptions } from '../lead-form-rules';
import type { LockedLeadField } from '../lead-form-values';

const HALF = { xs: 24, md: 12 };

/** Who is asking and how; stage and status are shown, never edited here. */
export function LeadDetailsSection({ locked }: { locked: ReadonlySet<LockedLeadField> }) {
  const sources = trpc.leads.sources.useQuery();
  const { members, loading } = useTeamMembers();
  const referredByOptions = useMemo(() => memberOptions(members), [members]);
  return (
    <Row gutter={16}>
      <Col {...HALF}>
        <Form.Item name="contactType" label="Contact Type" rules={leadRules('contactType')}>
          <Select placeholder="Select" options={toOptions(CONTACT_TYPES)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="leadType" label="Lead Type" rules={leadRules('leadType')}>
          <Select placeholder="Select" allowClear options={toOptions(LEAD_TYPES)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="source" label="Source" rules={leadRules('source')}>
          <Select
            placeholder="Select"
            showSearch={SEARCH_BY_LABEL}
            loading={sources.isLoading}
            disabled={locked.has('source')}
            options={toOptions(sources.data ?? [])}
          />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="referredBy" label="Referred By" rules={leadRules('referredBy')}>
          <Select placeholder="Select" showSearch={SEARCH_BY_LABEL} loading={loading} options={referredByOptions} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="enquiryMethod" label="Enquiry Method" rules={leadRules('enquiryMethod')}>
          <Select placeholder="Select" allowClear disabled={locked.has('enquiryMethod')} options={toOptions(ENQUIRY_METHODS)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="contactMethod" label="Contact Method" rules={leadRules('contactMethod')}>
          <Select placeholder="Select" disabled={locked.has('contactMethod')} options={toOptions(CONTACT_METHODS)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="action" label="Action" rules={leadRules('action')}>
          <Select placeholder="Select" options={toOptions(LEAD_ACTIONS)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="rating" label="Rating" rules={leadRules('rating')}>
          <Select placeholder="Select" allowClear options={toOptions(RATINGS)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="stage" label="Stage">
          <Select disabled options={toOptions(LEAD_FORM_STAGES)} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name="status" label="Status">
          <Select disabled options={toOptions(LEAD_STATUSES)} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remarks" label="Remarks" rules={leadRules('remarks')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Col>
    </Row>
  );
}
