import { ADMIN_MESSAGES, CompanySecuritySchema, type CompanySecurity } from '@crm/domain';
import { App, Button, Card, Form, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

/** The company's password policy, session length and the roles that must sign in with a second factor. */
export function SecuritySettingsCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanySecurity>();
  const [errors, setErrors] = useState<string[]>([]);
  const settings = trpc.companySettings.security.useQuery();
  const roles = trpc.roles.list.useQuery({ filter: { limit: -1, select: ['name', 'code'] } });
  const save = trpc.companySettings.updateSecurity.useMutation({ meta: SCREEN_SHOWS_ERROR });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const submit = async (values: CompanySecurity) => {
    setErrors([]);
    try {
      form.setFieldsValue(
        await save.mutateAsync({ ...values, sessionMinutes: values.sessionMinutes ?? null, twoFactorRoles: values.twoFactorRoles ?? [] }),
      );
      void message.success(ADMIN_MESSAGES.settings.saved);
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  const roleOptions = (roles.data?.data ?? []).map((role) => ({ value: role.code ?? role._id, label: role.name ?? role.code }));
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Security</h2>} loading={settings.isLoading}>
      <ErrorList messages={errors} />
      <Form<CompanySecurity> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
        <Form.Item name="passwordMinLength" label="Minimum password length" rules={zodRules(CompanySecuritySchema, 'passwordMinLength')}>
          <InputNumber min={8} max={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="sessionMinutes"
          label="Session length (minutes)"
          extra="A sign-in unused for longer ends. Empty: the server's default."
          rules={zodRules(CompanySecuritySchema, 'sessionMinutes')}
        >
          <InputNumber min={15} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="twoFactorRoles" label="Roles that must use two-factor sign-in">
          <Select mode="multiple" options={roleOptions} allowClear aria-label="Roles that must use two-factor sign-in" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
