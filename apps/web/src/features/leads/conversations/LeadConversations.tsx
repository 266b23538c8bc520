import { CONVERSATION_CHANNEL_LABELS, formatInZone, PERMISSIONS } from '@crm/domain';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { useCan } from '../../../kit/session/useCan';
import { ConversationThread } from './ConversationThread';
import { WhatsAppSendBox } from './WhatsAppSendBox';
import './conversations.css';

// The lead's conversations (docs/product.md 'Lead conversations'): each channel's thread (WhatsApp, Intercom) with
// its messages and their status, and the WhatsApp send box for those who may update the lead. Read again every
// 15 seconds while open, so a customer's answer shows without reloading.

const REFRESH_MS = 15_000;

export function LeadConversations({ leadId, timeZone }: { leadId: string; timeZone: string | undefined }) {
  const canSend = useCan()([PERMISSIONS.LEAD_UPDATE]);
  const utils = trpc.useUtils();
  const list = trpc.conversations.list.useQuery({ lead: leadId }, { refetchInterval: REFRESH_MS });
  const conversations = list.data?.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const selectedId = picked && conversations.some((c) => c._id === picked) ? picked : (conversations[0]?._id ?? null);
  const one = trpc.conversations.one.useQuery(
    { lead: leadId, id: selectedId ?? '' },
    { enabled: selectedId !== null, refetchInterval: REFRESH_MS },
  );
  const whatsapp = conversations.find((c) => c.channel === 'whatsapp') ?? null;
  const refresh = () => void utils.conversations.invalidate();
  const warnings = [...new Set([...(list.data?.warnings ?? []), ...(one.data?.warnings ?? [])])];

  if (list.isError) return <Alert type="error" showIcon title={toApiError(list.error).message} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="lead-conversations">
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={warning} />
      ))}
      <Space wrap>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={list.isFetching}>
          Refresh
        </Button>
      </Space>
      {list.isLoading ? (
        <Spin />
      ) : conversations.length === 0 ? (
        <Empty description="No conversations yet" />
      ) : (
        <nav aria-label="Conversations">
          <ul className="conversation-list">
            {conversations.map((c) => (
              <li key={c._id}>
                <Button
                  type={c._id === selectedId ? 'primary' : 'default'}
                  aria-current={c._id === selectedId ? 'true' : undefined}
                  onClick={() => setPicked(c._id)}
                >
                  <Tag color={c.channel === 'whatsapp' ? 'green' : 'blue'}>{CONVERSATION_CHANNEL_LABELS[c.channel]}</Tag>
                  {c.subject ?? `${c.messageCount} message${c.messageCount === 1 ? '' : 's'}`}
                  {c.lastMessageAt ? ` · ${formatInZone(c.lastMessageAt, DATE_TIME_FORMAT, timeZone)}` : ''}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {one.data && (
        <section aria-label="Messages">
          <Typography.Title level={3}>
            {CONVERSATION_CHANNEL_LABELS[one.data.data.channel]}
            {one.data.data.subject ? `: ${one.data.data.subject}` : ''}
          </Typography.Title>
          <ConversationThread conversation={one.data.data} timeZone={timeZone} />
        </section>
      )}
      {one.isError && <Alert type="error" showIcon title={toApiError(one.error).message} />}
      {canSend && <WhatsAppSendBox leadId={leadId} conversation={whatsapp} timeZone={timeZone} onSent={refresh} />}
    </Space>
  );
}
