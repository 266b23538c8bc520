import {
  fieldErrorsOf,
  fillTemplate,
  formatInZone,
  mayReplyFreely,
  WHATSAPP_FREE_TEXT_WINDOW_HOURS,
  WhatsAppSendInputSchema,
  type ConversationSummary,
  type WhatsAppSendFormInput,
  type WhatsAppTemplate,
} from '@crm/domain';
import { Alert, App, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../../app/trpc';
import { type ApiError, toApiError } from '../../../kit/api/api-error';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { ErrorList } from '../../../kit/form/ErrorList';
import { applyServerErrors, clearFieldErrors, firstErrorField } from '../../../kit/form/form-errors';
import { useNow } from '../../../kit/list/useNow';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

// The lead's WhatsApp send box (docs/product.md 'Lead conversations'): an approved template with its values at any
// time, or free text within 24 hours of the customer's last message. The server's rules decide; its refusals (the
// window, WhatsApp's own, a missing integration) are shown as they come.

interface WhatsAppSendBoxProps {
  leadId: string;
  /** The lead's WhatsApp conversation, when there is one (its 24-hour window). */
  conversation: ConversationSummary | null;
  timeZone: string | undefined;
  onSent: () => void;
}

type Mode = 'template' | 'text';
const templateKey = (template: Pick<WhatsAppTemplate, 'name' | 'language'>) => `${template.name}:${template.language}`;
interface SendValues {
  mode: Mode;
  text?: string;
  template?: { name?: string; parameters?: string[] };
}

export function WhatsAppSendBox({ leadId, conversation, timeZone, onSent }: WhatsAppSendBoxProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const [errors, setErrors] = useState<string[]>([]);
  const now = useNow(30_000);
  const templates = trpc.conversations.whatsAppTemplates.useQuery({ lead: leadId }, { retry: false });
  const send = trpc.conversations.sendWhatsApp.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const freeText = mayReplyFreely(conversation?.lastInboundAt, now);
  const mode = Form.useWatch('mode', form) ?? 'template';
  const chosen = Form.useWatch(['template', 'name'], form);
  const values = Form.useWatch(['template', 'parameters'], form) ?? [];
  // One template name may exist in several languages: the picker's value is both.
  const template = templates.data?.find((t) => templateKey(t) === chosen);

  if (templates.isError) {
    return <Alert type="info" showIcon title="WhatsApp" description={toApiError(templates.error).message} />;
  }

  const showFailure = (error: ApiError) => {
    setErrors(applyServerErrors(form, error));
    const first = firstErrorField(form);
    if (first) form.scrollToField(first, { focus: true });
  };

  const submit = async () => {
    setErrors([]);
    const current = form.getFieldsValue(true) as SendValues;
    const body: WhatsAppSendFormInput =
      current.mode === 'text'
        ? { text: current.text ?? '' }
        : {
            template: {
              name: template?.name ?? '',
              ...(template ? { language: template.language } : {}),
              parameters: (current.template?.parameters ?? []).slice(0, template?.parameterCount ?? 0).map((v) => v ?? ''),
            },
          };
    const invalid = fieldErrorsOf(WhatsAppSendInputSchema, body);
    if (Object.keys(invalid).length)
      return showFailure({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', data: invalid });
    try {
      await send.mutateAsync({ lead: leadId, message: body });
      void message.success('WhatsApp message sent');
      form.resetFields(['text', ['template', 'parameters']]);
      clearFieldErrors(form);
      onSent();
    } catch (error) {
      showFailure(toApiError(error));
    }
  };

  return (
    <section aria-labelledby="whatsapp-send-title" data-testid="whatsapp-send-box">
      <Typography.Title level={3} id="whatsapp-send-title">
        Send a WhatsApp message
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="whatsapp-window">
        {freeText && conversation?.freeTextUntil
          ? `Free text is possible until ${formatInZone(conversation.freeTextUntil, DATE_TIME_FORMAT, timeZone)}.`
          : `Free text is possible only within ${WHATSAPP_FREE_TEXT_WINDOW_HOURS} hours of the customer's last WhatsApp message: send a template.`}
      </Typography.Paragraph>
      <ErrorList messages={errors} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'template' }}
        // The messages stay until the next change: a corrected field no longer shows the old one.
        onValuesChange={() => clearFieldErrors(form)}
        onFinish={() => void submit()}
        aria-label="WhatsApp message"
      >
        <Form.Item name="mode" label="Send">
          <Radio.Group
            options={[
              { value: 'template', label: 'Template' },
              { value: 'text', label: 'Free text', disabled: !freeText },
            ]}
          />
        </Form.Item>
        {mode === 'text' ? (
          <Form.Item name="text" label="Message">
            <Input.TextArea rows={3} maxLength={4096} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name={['template', 'name']} label="Template">
              <Select
                loading={templates.isLoading}
                showSearch
                optionFilterProp="label"
                options={(templates.data ?? []).map((t) => ({ value: templateKey(t), label: `${t.name} (${t.language})` }))}
                onChange={() => form.setFieldValue(['template', 'parameters'], [])}
              />
            </Form.Item>
            {Array.from({ length: template?.parameterCount ?? 0 }, (_, i) => (
              // The values are numbered as the template numbers them.
              // biome-ignore lint/suspicious/noArrayIndexKey: a template's values have no identity but their place.
              <Form.Item key={i} name={['template', 'parameters', i]} label={`Value {{${i + 1}}}`}>
                <Input />
              </Form.Item>
            ))}
            {template?.body && (
              <Typography.Paragraph data-testid="whatsapp-template-preview">
                <Typography.Text type="secondary">Preview: </Typography.Text>
                {fillTemplate(template.body, values)}
              </Typography.Paragraph>
            )}
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            Send
          </Button>
        </Space>
      </Form>
    </section>
  );
}
