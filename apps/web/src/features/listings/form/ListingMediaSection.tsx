import { LISTING_TEXT as T, listingContract } from '@crm/domain';
import { Col, Form, Row } from 'antd';
import { FilePickerField } from '../../../kit/file-picker';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import { FormSection } from './FormSection';
import { ListingMediaField } from './ListingMediaField';

const Item = formItemOf(listingContract);

/** The cover picked in Storage: a picture not among the images yet joins them (the server keeps the cover one of them). */
function CoverPicker({ value, onChange, id }: { value?: string | null; onChange?: (id: string | null) => void; id?: string }) {
  const form = Form.useFormInstance();
  return (
    <FilePickerField
      {...(id ? { id } : {})}
      value={value ?? null}
      mode="image"
      category="listings"
      onChange={(picked) => {
        const images: string[] = form.getFieldValue('images') ?? [];
        if (picked && !images.includes(picked)) form.setFieldValue('images', [picked, ...images]);
        onChange?.(picked ?? (images[0] || null));
      }}
    />
  );
}

/** Pictures in display order with the cover, and floor plans: all stored files picked in Storage. */
export function ListingMediaSection() {
  const form = Form.useFormInstance();
  const cover = Form.useWatch('cover');
  return (
    <FormSection title={T.sections.media}>
      <Row gutter={16}>
        <Col span={24}>
          <Item name="cover" extra={T.coverHint}>
            <CoverPicker />
          </Item>
        </Col>
        <Col xs={24} lg={12}>
          <Item name="images">
            <ListingMediaField
              mode="image"
              addLabel={T.addImage}
              emptyText={T.noImages}
              cover={cover}
              onCover={(id) => form.setFieldValue('cover', id)}
            />
          </Item>
        </Col>
        <Col xs={24} lg={12}>
          <Item name="floorPlans">
            <ListingMediaField mode="any" addLabel={T.addFloorPlan} emptyText={T.noFloorPlans} />
          </Item>
        </Col>
      </Row>
    </FormSection>
  );
}
