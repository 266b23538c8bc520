import { MESSAGES, PERMISSIONS } from '@crm/domain';
import { Drawer, Result } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { PageLoader } from '../../kit/page/PageLoader';
import { child, isRecord, text } from '../../kit/record/record';
import { useCan } from '../../kit/session/useCan';
import { CustomerForm } from './CustomerForm';
import { customerDefaults, customerRecordToForm } from './customer-form-values';
import type { CustomerOption } from '../leads/form/customer-option';
import { useCustomerSave } from './useCustomerSave';

interface CustomerDrawerProps {
  open: boolean;
  /** Edit this customer; absent: add a new one. */
  customerId?: string | undefined;
  onClose: () => void;
  onSaved: (customer: CustomerOption) => void;
}

/** docs/product.md 'Screens and routes': a right-hand drawer, 60% wide, that a click on the mask does not close. */
export function CustomerDrawer({ open, customerId, onClose, onSaved }: CustomerDrawerProps) {
  const can = useCan();
  const editing = customerId !== undefined;
  const canViewSensitive = can([PERMISSIONS.VIEW_SENSITIVE_INFORMATION]);
  const stored = trpc.customers.byId.useQuery({ id: customerId ?? '', populate: ['avatar'] }, { enabled: open && editing, staleTime: 0 });
  const { save, saving, errors } = useCustomerSave({ customerId, canViewSensitive, onSaved });
  const record = isRecord(stored.data?.data) ? stored.data.data : undefined;
  const initialValues = useMemo(() => (record ? customerRecordToForm(record) : customerDefaults()), [record]);

  let body: ReactNode;
  if (editing && stored.isLoading) body = <PageLoader />;
  else if (editing && stored.isError) body = <Result status="error" title={toApiError(stored.error).message} />;
  else
    body = (
      <CustomerForm
        key={customerId ?? 'new'}
        initialValues={initialValues}
        showSensitive={!editing || canViewSensitive}
        avatarUrl={text(child(record, 'avatar'), 'url')}
        errors={errors}
        saving={saving}
        onSave={(values) => void save(values)}
        onCancel={onClose}
      />
    );

  return (
    <Drawer
      title={MESSAGES.customer.drawerTitle}
      placement="right"
      size="60%"
      open={open}
      onClose={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
