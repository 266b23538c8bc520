import { ALL_ROWS_LIMIT, DEAL_SPLIT_PARTIES, DEAL_SPLIT_PARTY_LABELS, type DealSplitFormRow, type DealSplitsForm } from '@crm/domain';
import { Button, Form, type FormRule, Input, InputNumber, Select, Space } from 'antd';
import { trpc } from '../../app/trpc';

const MEMBERS = { limit: ALL_ROWS_LIMIT, select: ['name' as const], sort: { name: 1 as const } };
const CO_BROKERS = { limit: 200, select: ['fullName' as const], query: { type: 'External Agent' as const } };

interface Props {
  currency: string;
  /** The adjustment's reason's rules, when it asks for one (a won deal). */
  reasonRules?: FormRule[];
}

const NEW_ROW: DealSplitFormRow = { party: 'agent', by: 'share', share: 100 };

/** The splits as people type them: who (an agent, a co-broker, the company) and a share in % or an amount. */
export function DealSplitsEditor({ currency, reasonRules }: Props) {
  const form = Form.useFormInstance<DealSplitsForm>();
  const members = trpc.members.list.useQuery({ filter: MEMBERS });
  const coBrokers = trpc.customers.list.useQuery({ filter: CO_BROKERS });
  const memberOptions = (members.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  const brokerOptions = (coBrokers.data?.data ?? []).map((row) => ({ value: row._id, label: row.fullName ?? row._id }));
  const rows = Form.useWatch('splits', form) ?? [];
  return (
    <>
      <Form.List name="splits">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => {
              const row = rows[index];
              const n = index + 1;
              return (
                <Space key={field.key} wrap align="start" data-testid="deal-split-row">
                  <Form.Item name={[field.name, 'party']} label={`Split ${n}: party`}>
                    <Select
                      style={{ width: 140 }}
                      options={DEAL_SPLIT_PARTIES.map((value) => ({ value, label: DEAL_SPLIT_PARTY_LABELS[value] }))}
                    />
                  </Form.Item>
                  {row?.party === 'agent' && (
                    <Form.Item
                      name={[field.name, 'member']}
                      label={`Split ${n}: agent`}
                      rules={[{ required: true, message: 'Choose the agent.' }]}
                    >
                      <Select style={{ width: 200 }} showSearch optionFilterProp="label" options={memberOptions} />
                    </Form.Item>
                  )}
                  {row?.party === 'co-broker' && (
                    <Form.Item
                      name={[field.name, 'customer']}
                      label={`Split ${n}: co-broker`}
                      rules={[{ required: true, message: 'Choose the co-broker.' }]}
                    >
                      <Select style={{ width: 200 }} showSearch optionFilterProp="label" options={brokerOptions} />
                    </Form.Item>
                  )}
                  <Form.Item name={[field.name, 'by']} label={`Split ${n}: by`}>
                    <Select
                      style={{ width: 110 }}
                      options={[
                        { value: 'share', label: 'Share %' },
                        { value: 'amount', label: `Amount (${currency})` },
                      ]}
                    />
                  </Form.Item>
                  {row?.by === 'amount' ? (
                    <Form.Item name={[field.name, 'amount']} label={`Split ${n}: amount`}>
                      <InputNumber min={0} step={100} precision={2} style={{ width: 160 }} />
                    </Form.Item>
                  ) : (
                    <Form.Item name={[field.name, 'share']} label={`Split ${n}: share %`}>
                      <InputNumber min={0.01} max={100} step={5} precision={2} style={{ width: 110 }} />
                    </Form.Item>
                  )}
                  <Button onClick={() => remove(field.name)} aria-label={`Remove split ${n}`} style={{ marginTop: 30 }}>
                    Remove
                  </Button>
                </Space>
              );
            })}
            <Form.ErrorList errors={errors} />
            <Button onClick={() => add({ ...NEW_ROW, share: undefined })}>Add split</Button>
          </>
        )}
      </Form.List>
      {reasonRules && (
        <Form.Item name="reason" label="Reason for the adjustment" rules={reasonRules} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      )}
    </>
  );
}
