import { CUSTOM_FIELD_KIND_LABELS, CUSTOM_FIELD_KINDS, customFieldContract } from '@crm/domain';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useDrawerState } from '../../kit/form/useDrawerState';
import { DrawerListPage } from '../../kit/page/DrawerListPage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { CustomFieldOrderList } from './CustomFieldOrderList';
import { kindOfLocation } from './custom-field-form';

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
    <DrawerListPage title="Custom Fields" list={{ contract: customFieldContract, permissions, drawer }}>
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
    </DrawerListPage>
  );
}
