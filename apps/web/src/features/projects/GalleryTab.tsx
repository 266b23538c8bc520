import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProjectGalleryInputSchema } from '@crm/domain';
import { Button, Col, Form, Row } from 'antd';
import { FilePickerField } from '../../kit/file-picker';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

/** The gallery: images picked in Storage (or uploaded there), in the order shown. */
export function GalleryTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  return (
    <PartForm
      schema={ProjectGalleryInputSchema}
      initialValues={{ gallery: (project.gallery ?? []).map((image) => image.file) }}
      save={(data) => parts.gallery.mutateAsync({ id: project._id, data })}
      what="Gallery"
    >
      <Form.List name="gallery">
        {(images, { add, remove }, { errors }) => (
          <>
            <Form.ErrorList errors={errors} />
            <Row gutter={[16, 0]}>
              {images.map((image, index) => (
                <Col key={image.key} xs={24} md={12}>
                  <Row wrap={false} align="middle" gutter={8}>
                    <Col flex="auto">
                      <Form.Item name={image.name} label={`Image ${index + 1}`}>
                        <FilePickerField mode="image" category="projects" />
                      </Form.Item>
                    </Col>
                    <Col>
                      <Button
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => remove(image.name)}
                        aria-label={`Remove image ${index + 1}`}
                      />
                    </Col>
                  </Row>
                </Col>
              ))}
            </Row>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(null)} style={{ marginBottom: 16 }}>
              Add image
            </Button>
          </>
        )}
      </Form.List>
    </PartForm>
  );
}
