import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOMER_TYPE, customerContract, LINKS, MESSAGES, PERMISSIONS } from '@crm/domain';
import { Button, Form, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { linkWithParams } from '../../../../kit/navigation/list-links';
import { ResourceDrawer } from '../../../../kit/form/ResourceDrawer';
import { customerLabel, customerOptionOf, type CustomerSource } from '../customer-option';
import type { LeadFormController } from '../hooks/useLeadFormController';
import { useCustomerOptions } from '../hooks/useCustomerOptions';
import { leadRules } from '../lead-form-rules';
import { useCan } from '../../../../kit/session/useCan';

interface CustomerSectionProps {
  controller: LeadFormController;
  /** Set on the Update Lead page: the customer edit link comes back to it. */
  leadId?: string | undefined;
  locked: boolean;
}

/** The customer select (searched on the server), 'Add New Customer' and, on update, the edit link. */
export function CustomerSection({ controller, leadId, locked }: CustomerSectionProps) {
  const can = useCan();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { customer } = controller;
  const pinned = useMemo(() => (customer ? [customer] : []), [customer]);
  const { options, loading, onSearch } = useCustomerOptions(pinned);
  const byId = useMemo(() => new Map(options.map((c) => [c._id, c])), [options]);

  const onChange = (id: string | undefined) => controller.selectCustomer((id && byId.get(id)) || null);
  const onSaved = (saved: CustomerSource) => {
    setDrawerOpen(false);
    controller.selectCustomer(customerOptionOf(saved));
  };

  return (
    <>
      <Form.Item label="Customer" required style={{ marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item name="customer" noStyle rules={leadRules('customer')}>
            <Select
              aria-label="Customer"
              placeholder="Search by name, phone, email or ID"
              showSearch={{ filterOption: false, onSearch }}
              allowClear
              loading={loading}
              disabled={locked}
              options={options.map((c) => ({ value: c._id, label: customerLabel(c) }))}
              onChange={onChange}
              style={{ width: '100%' }}
            />
          </Form.Item>
          {can([PERMISSIONS.CUSTOMER_ADD]) && !locked && (
            <Button icon={<PlusOutlined />} onClick={() => setDrawerOpen(true)}>
              {MESSAGES.customer.drawerTitle}
            </Button>
          )}
        </Space.Compact>
      </Form.Item>
      <div style={{ minHeight: 24, marginTop: 4, marginBottom: 12 }}>
        {controller.spamOrExternal && <Tag color={customer?.type === CUSTOMER_TYPE.SPAM ? 'red' : 'orange'}>{customer?.type}</Tag>}
        {leadId && customer && can([PERMISSIONS.CUSTOMER_UPDATE]) && (
          <Link to={linkWithParams(LINKS.customerUpdate(customer._id), { refresh: true, ref: LINKS.leadUpdatePage(leadId) })}>
            <EditOutlined /> Edit customer
          </Link>
        )}
      </div>
      <ResourceDrawer contract={customerContract} open={drawerOpen} onClose={() => setDrawerOpen(false)} onSaved={onSaved} />
    </>
  );
}
