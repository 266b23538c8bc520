import { Col, Collapse, Form, Input, Row } from 'antd';

const UTM_FIELDS = ['id', 'source', 'medium', 'campaign', 'term', 'content'] as const;

/** The campaign tags of the lead (utm), folded away: rarely typed by hand. */
export function UtmSection() {
  return (
    <Collapse
      ghost
      items={[
        {
          key: 'utm',
          label: 'UTM',
          forceRender: true,
          children: (
            <Row gutter={16}>
              {UTM_FIELDS.map((field) => (
                <Col key={field} xs={24} md={8}>
                  <Form.Item name={['utm', field]} label={`UTM ${field.charAt(0).toUpperCase()}${field.slice(1)}`}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          ),
        },
      ]}
    />
  );
}
