import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProjectKeyPointsInputSchema } from '@crm/domain';
import { Button, Col, Form, Input, Row } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

/** The project's key points (the selling points its page lists). */
export function KeyPointsTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  return (
    <PartForm
      schema={ProjectKeyPointsInputSchema}
      initialValues={{ keyPoints: [...project.keyPoints] }}
      save={(data) => parts.keyPoints.mutateAsync({ id: project._id, data })}
      what="Key points"
    >
      <Form.List name="keyPoints">
        {(points, { add, remove }, { errors }) => (
          <>
            <Form.ErrorList errors={errors} />
            {points.map((point, index) => (
              <Row key={point.key} gutter={8} wrap={false} align="bottom">
                <Col flex="auto">
                  <Form.Item name={point.name} label={`Key point ${index + 1}`}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col>
                  <Form.Item>
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => remove(point.name)}
                      aria-label={`Remove key point ${index + 1}`}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('')} style={{ marginBottom: 16 }}>
              Add key point
            </Button>
          </>
        )}
      </Form.List>
    </PartForm>
  );
}
