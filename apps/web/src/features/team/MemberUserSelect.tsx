import { DEBOUNCE_MS, type MemberUserOption, USER_MANAGEMENT_MESSAGES, USER_MANAGEMENT_PERMISSIONS } from '@crm/domain';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { useDebouncedValue } from '../../kit/list/useDebouncedValue';
import { useCan } from '../../kit/session/useCan';

interface MemberUserSelectProps {
  /** The member being edited (a user already theirs stays choosable). */
  memberId: string | undefined;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

const labelOf = (user: MemberUserOption) => `${user.fullName} (${user.email})`;

/**
 * The member form's User: the company's users the caller may link, by name or email (GET teams/members/users). A user
 * already the login of another member of the asset is shown, naming that member, but cannot be chosen; clearing
 * unlinks the login. Without Admin > Users, or with a login out of the caller's reach, the field shows the login and
 * cannot change it (the server refuses the link either way).
 */
export function MemberUserSelect({ memberId, value, onChange, id }: MemberUserSelectProps) {
  const can = useCan();
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search, DEBOUNCE_MS.SEARCH_INPUT);
  const query = trpc.members.userOptions.useQuery({
    ...(typed.value.trim() ? { search: typed.value.trim() } : {}),
    ...(value ? { include: value } : {}),
  });
  const users = query.data?.data ?? [];
  const options = users.map((user) => {
    const takenBy = user.member && user.member._id !== memberId ? user.member.name : null;
    return {
      value: user._id,
      label: takenBy ? `${labelOf(user)}: the login of ${takenBy}` : labelOf(user),
      disabled: Boolean(takenBy) || !user.enabled || !user.manageable,
    };
  });
  const linkedOutOfReach = Boolean(value) && users.some((user) => user._id === value && !user.manageable);
  const locked = !can(USER_MANAGEMENT_PERMISSIONS)
    ? USER_MANAGEMENT_MESSAGES.noUsersAccess
    : linkedOutOfReach
      ? USER_MANAGEMENT_MESSAGES.memberLoginOutranks
      : null;
  const lockedId = `${id ?? 'member-user'}-locked`;
  return (
    <>
      <Select
        id={id}
        aria-label="User"
        allowClear
        disabled={Boolean(locked)}
        aria-describedby={locked ? lockedId : undefined}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder="No login"
        loading={query.isFetching || typed.isPending}
        value={value ?? undefined}
        onChange={(next: string | undefined) => onChange?.(next ?? null)}
        options={options}
        notFoundContent={query.isFetching ? null : undefined}
        data-testid="member-user-select"
      />
      {locked && (
        <Typography.Text type="secondary" id={lockedId} data-testid="member-user-locked" style={{ display: 'block', marginTop: 4 }}>
          {locked}
        </Typography.Text>
      )}
    </>
  );
}
