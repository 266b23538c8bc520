import { ALL_ROWS_LIMIT, PLACE_KIND_LABELS, PLACE_KINDS, PLACE_PARENT_KIND, placeContract } from '@crm/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { trpc } from '../../app/trpc';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(placeContract);
const { fields } = placeContract;
const KIND_OPTIONS = PLACE_KINDS.map((kind) => ({ value: kind, label: PLACE_KIND_LABELS[kind] }));

/** The place's fields; the parent select offers the places of the kind above the chosen one. */
export function PlaceFormFields(_props: FormFieldsProps<typeof placeContract>) {
  const kind = Form.useWatch('kind');
  const parentKind = kind ? PLACE_PARENT_KIND[kind as keyof typeof PLACE_PARENT_KIND] : null;
  const parents = trpc.places.list.useQuery(
    { filter: { limit: ALL_ROWS_LIMIT, select: ['name'], sort: { name: 1 }, query: { kind: parentKind ?? 'emirate' } } },
    { enabled: parentKind !== null },
  );
  const options = (parents.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Item name="kind">
          <Select aria-label={fields.kind.label} options={KIND_OPTIONS} />
        </Item>
      </Col>
      <Col xs={24} md={12}>
        <Item name="name">
          <Input autoComplete="off" />
        </Item>
      </Col>
      {parentKind && (
        <Col span={24}>
          <Item name="parent" label={`${fields.parent.label} (${PLACE_KIND_LABELS[parentKind].toLowerCase()})`}>
            <Select
              aria-label={fields.parent.label}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={parents.isFetching}
              options={options}
            />
          </Item>
        </Col>
      )}
      {kind === 'emirate' && (
        <Col xs={24} md={12}>
          <Item name="code">
            <Input autoComplete="off" maxLength={10} />
          </Item>
        </Col>
      )}
    </Row>
  );
}
