import { CONVERSATION_CHANNEL_LABELS, formatInZone, MESSAGE_STATUS_LABELS, type Conversation } from '@crm/domain';
import { Tag, Tooltip, Typography } from 'antd';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { MESSAGE_STATUS_COLORS } from './message-status';

// One conversation's messages, oldest first: who wrote, when, what, and for ours how far it got (sent, delivered,
// read, failed with the provider's reason). The customer's messages sit left, ours right.

interface ConversationThreadProps {
  conversation: Conversation;
  timeZone: string | undefined;
}

export function ConversationThread({ conversation, timeZone }: ConversationThreadProps) {
  const channel = CONVERSATION_CHANNEL_LABELS[conversation.channel];
  if (conversation.messages.length === 0) return <Typography.Paragraph type="secondary">No messages yet.</Typography.Paragraph>;
  return (
    <ol className="conversation-thread" aria-label={`${channel} messages`} data-testid="conversation-thread">
      {conversation.messages.map((message) => {
        const ours = message.direction === 'out';
        const author = message.authorName ?? (ours ? 'Us' : 'Customer');
        return (
          <li key={message._id} className={`conversation-message conversation-message-${ours ? 'out' : 'in'}`}>
            <div className="conversation-message-meta">
              <Typography.Text strong>{author}</Typography.Text>
              <Typography.Text type="secondary">
                <time dateTime={message.sentAt}>{formatInZone(message.sentAt, DATE_TIME_FORMAT, timeZone)}</time>
              </Typography.Text>
              {message.templateName && <Tag>Template: {message.templateName}</Tag>}
              {message.trigger && <Tag>Sent automatically</Tag>}
              {ours &&
                (message.error ? (
                  <Tooltip title={message.error}>
                    <Tag color={MESSAGE_STATUS_COLORS[message.status]}>{MESSAGE_STATUS_LABELS[message.status]}</Tag>
                  </Tooltip>
                ) : (
                  <Tag color={MESSAGE_STATUS_COLORS[message.status]}>{MESSAGE_STATUS_LABELS[message.status]}</Tag>
                ))}
            </div>
            <Typography.Paragraph className="conversation-message-body">{message.body ?? '-'}</Typography.Paragraph>
            {message.error && <Typography.Text type="danger">{message.error}</Typography.Text>}
          </li>
        );
      })}
    </ol>
  );
}
