import { PlusOutlined } from '@ant-design/icons';
import { CUSTOM_FIELD_KIND_LABELS, CUSTOM_FIELD_KINDS, customFieldContract, MESSAGES } from '@crm/domain';
import { Button, Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { CustomFieldOrderList } from './CustomFieldOrderList';
import { kindOfLocation } from './custom-field-form';

const LABEL = customFieldContract.label.one;

/**
 * /properties/custom-fields: the asset's custom fields per record kind (a tab each, `?kind=`), in their order, added
 * and edited in the kit's drawer, dragged into a new order, switched on and off.
 */
export function CustomFieldsPage() {
  const permissions = useResourcePermissions(customFieldContract);
  const drawer = useDrawerState();
  const [params, setParams] = useSearchParams();
  const kind = kindOfLocation(`?${params.toString()}`);
  const setKind = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('kind', key);
        return next;
      },
      { replace: true },
    );
  return (
    <ResourcePage
      title="Custom Fields"
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(LABEL)}
          </Button>
        )
      }
    >
      <Card>
        <Tabs
          activeKey={kind}
          onChange={setKind}
          destroyOnHidden
          items={CUSTOM_FIELD_KINDS.map((k) => ({
            key: k,
            label: CUSTOM_FIELD_KIND_LABELS[k],
            children: <CustomFieldOrderList kind={k} canUpdate={permissions.update} onEdit={drawer.edit} />,
          }))}
        />
      </Card>
      <RecordDrawer contract={customFieldContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
