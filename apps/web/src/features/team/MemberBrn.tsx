import { BRN_STATE_LABELS, brnState, formatInZone } from '@crm/domain';
import { Space, Tag } from 'antd';
import { browserLocale } from '../../app/request-headers';
import { useNow } from '../../kit/list/useNow';

const COLORS = { missing: 'red', expired: 'red', expiring: 'orange', valid: 'green' } as const;

/** A member's BRN, its expiry and where it stands (in words, not colour alone): the RERA report's people. */
export function MemberBrn({ member }: { member: { brn?: string | null; brnExpiresAt?: string | null } }) {
  const now = useNow(60_000);
  const { timeZone } = browserLocale();
  const state = brnState(member, now);
  return (
    <Space size={8} wrap>
      {member.brn && <span>{member.brn}</span>}
      {member.brnExpiresAt && <span>until {formatInZone(member.brnExpiresAt, 'MMM D, YYYY', timeZone)}</span>}
      <Tag color={COLORS[state]}>{BRN_STATE_LABELS[state]}</Tag>
    </Space>
  );
}
