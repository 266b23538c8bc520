import type { MessageStatus } from '@crm/domain';

/** Tag colours of a message's status (antd presets, AA contrast on their light backgrounds). */
export const MESSAGE_STATUS_COLORS: Record<MessageStatus, string> = {
  received: 'blue',
  sent: 'default',
  delivered: 'cyan',
  read: 'green',
  failed: 'red',
};
