import { Col, Form, Input, Row } from 'antd';

/** A question and its answer, in English and Arabic. */
export function ProjectFaqFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="question" label="Question" required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="answer" label="Answer" required>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="questionAr" label="Question (Arabic)">
          <Input autoComplete="off" dir="rtl" lang="ar" />
        </Form.Item>
        <Form.Item name="answerAr" label="Answer (Arabic)">
          <Input.TextArea rows={3} dir="rtl" lang="ar" />
        </Form.Item>
      </Col>
    </Row>
  );
}
