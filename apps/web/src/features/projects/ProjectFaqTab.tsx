import { ProjectFaqHeadingInputSchema, ProjectFaqInputSchema } from '@crm/domain';
import { Col, Divider, Form, Input, Row, Typography } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { ProjectFaqFields } from './ProjectFaqFields';
import { ProjectFaqList } from './ProjectFaqList';
import { useProjectPart } from './useProjectPart';

const EMPTY_FAQ = { question: '', answer: '', questionAr: '', answerAr: '' };

/** The project's own FAQ: its heading, its questions in order (drag to reorder) and a new question. */
export function ProjectFaqTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  const [addForm] = Form.useForm();
  return (
    <>
      <Typography.Title level={3}>Heading</Typography.Title>
      <PartForm
        schema={ProjectFaqHeadingInputSchema}
        initialValues={{ faqHeading: project.faqHeading ?? '', faqHeadingAr: project.faqHeadingAr ?? '' }}
        save={(data) => parts.faqHeading.mutateAsync({ id: project._id, data })}
        what="FAQ heading"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="faqHeading" label="FAQ heading">
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="faqHeadingAr" label="FAQ heading (Arabic)">
              <Input autoComplete="off" dir="rtl" lang="ar" />
            </Form.Item>
          </Col>
        </Row>
      </PartForm>
      <Divider />
      <Typography.Title level={3}>Questions</Typography.Title>
      <ProjectFaqList project={project} />
      <Divider />
      <Typography.Title level={3}>Add a question</Typography.Title>
      <PartForm
        form={addForm}
        schema={ProjectFaqInputSchema}
        initialValues={EMPTY_FAQ}
        save={async (data) => {
          await parts.addFaq.mutateAsync({ id: project._id, data });
          addForm.resetFields();
        }}
        what="Question"
      >
        <ProjectFaqFields />
      </PartForm>
    </>
  );
}
