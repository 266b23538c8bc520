import { AMENITIES, ProjectAmenitiesInputSchema } from '@crm/domain';
import { Form, Select } from 'antd';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { useProjectPart } from './useProjectPart';

const OPTIONS = AMENITIES.map((amenity) => ({ value: amenity, label: amenity }));

/** The project's amenities. */
export function AmenitiesTab({ project }: { project: ProjectRecord }) {
  const parts = useProjectPart();
  return (
    <PartForm
      schema={ProjectAmenitiesInputSchema}
      initialValues={{ amenities: [...project.amenities] as (typeof AMENITIES)[number][] }}
      save={(data) => parts.amenities.mutateAsync({ id: project._id, data })}
      what="Amenities"
    >
      <Form.Item name="amenities" label="Amenities">
        <Select mode="multiple" allowClear options={OPTIONS} showSearch={{ optionFilterProp: 'label' }} aria-label="Amenities" />
      </Form.Item>
    </PartForm>
  );
}
