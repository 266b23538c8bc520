import { DldEscrowInputSchema, DldProjectNumberInputSchema } from '@crm/domain';
import { Col, Form, Input, Row, Typography } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

/** The Dubai Land Department's details: the project number, and the escrow account buyers pay into. */
export function DldTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  const dld = project.dld;
  return (
    <Row gutter={32}>
      <Col xs={24} md={12}>
        <Typography.Title level={3}>DLD project</Typography.Title>
        <PartForm
          schema={DldProjectNumberInputSchema}
          initialValues={{ projectNumber: dld?.projectNumber ?? '' }}
          save={(data) => parts.dld.mutateAsync({ id: project._id, part: 'project-number', data })}
          what="DLD project number"
        >
          <Form.Item name="projectNumber" label="DLD project number">
            <Input autoComplete="off" />
          </Form.Item>
        </PartForm>
      </Col>
      <Col xs={24} md={12}>
        <Typography.Title level={3}>Escrow account</Typography.Title>
        <PartForm
          schema={DldEscrowInputSchema}
          initialValues={{ escrowBank: dld?.escrowBank ?? '', escrowAccountNumber: dld?.escrowAccountNumber ?? '' }}
          save={(data) => parts.dld.mutateAsync({ id: project._id, part: 'escrow-account', data })}
          what="Escrow account"
        >
          <Form.Item name="escrowBank" label="Escrow bank">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="escrowAccountNumber" label="Escrow account number">
            <Input autoComplete="off" />
          </Form.Item>
        </PartForm>
      </Col>
    </Row>
  );
}
