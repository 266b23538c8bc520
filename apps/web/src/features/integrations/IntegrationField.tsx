import type { IntegrationFormField, MaskedSecret } from '@crm/domain';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';

// One control per provider field, chosen by the field's input kind from the provider's zod schema
// (packages/domain/src/integrations/integration-form.ts). Labels are tied to their inputs by the item's name.

interface IntegrationFieldProps {
  field: IntegrationFormField;
  group: 'config' | 'secrets';
  /** A secret's stored state: set ones say so (masked), and an empty input keeps them. */
  stored?: MaskedSecret | undefined;
}

function control(field: IntegrationFormField, stored: MaskedSecret | undefined) {
  if (field.secret) {
    const placeholder = stored?.set ? `Set (${stored.hint ?? '••••'}): leave empty to keep` : 'Not set';
    return field.input === 'textarea' ? (
      <Input.TextArea rows={4} placeholder={placeholder} autoComplete="off" spellCheck={false} />
    ) : (
      <Input.Password placeholder={placeholder} autoComplete="new-password" />
    );
  }
  switch (field.input) {
    case 'switch':
      return <Switch />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'select':
      return <Select allowClear options={(field.options ?? []).map((value) => ({ value, label: value }))} />;
    case 'tags':
      return (
        <Select
          mode={field.options ? 'multiple' : 'tags'}
          allowClear
          tokenSeparators={[',']}
          options={(field.options ?? []).map((value) => ({ value, label: value }))}
        />
      );
    case 'map':
      return <Input.TextArea rows={3} placeholder="ours = theirs, one a line" />;
    case 'url':
      return <Input type="url" inputMode="url" placeholder="https://" />;
    case 'email':
      return <Input type="email" autoComplete="off" />;
    default:
      return <Input />;
  }
}

export function IntegrationField({ field, group, stored }: IntegrationFieldProps) {
  return (
    <>
      <Form.Item
        name={[group, field.key]}
        label={field.label}
        required={field.required}
        valuePropName={field.input === 'switch' ? 'checked' : 'value'}
        {...(field.help ? { extra: field.help } : {})}
      >
        {control(field, stored)}
      </Form.Item>
      {stored?.set && (
        // A stored secret is removed on save (sent as null) when ticked.
        <Form.Item name={['clear', field.key]} valuePropName="checked" style={{ marginTop: -16 }}>
          <Checkbox>Remove the stored {field.label.toLowerCase()}</Checkbox>
        </Form.Item>
      )}
    </>
  );
}
