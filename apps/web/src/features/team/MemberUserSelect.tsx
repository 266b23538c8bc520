import { DEBOUNCE_MS, type MemberUserOption } from '@crm/domain';
import { Select } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { useDebouncedValue } from '../../kit/list/useDebouncedValue';

interface MemberUserSelectProps {
  /** The member being edited (a user already theirs stays choosable). */
  memberId: string | undefined;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

const labelOf = (user: MemberUserOption) => `${user.fullName} (${user.email})`;

/**
 * The member form's User: the company's users by name or email (GET teams/members/users). A user already the login
 * of another member of the asset is shown, naming that member, but cannot be chosen; clearing unlinks the login.
 */
export function MemberUserSelect({ memberId, value, onChange, id }: MemberUserSelectProps) {
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search, DEBOUNCE_MS.SEARCH_INPUT);
  const query = trpc.members.userOptions.useQuery({
    ...(typed.value.trim() ? { search: typed.value.trim() } : {}),
    ...(value ? { include: value } : {}),
  });
  const options = (query.data?.data ?? []).map((user) => {
    const takenBy = user.member && user.member._id !== memberId ? user.member.name : null;
    return {
      value: user._id,
      label: takenBy ? `${labelOf(user)}: the login of ${takenBy}` : labelOf(user),
      disabled: Boolean(takenBy) || !user.enabled,
    };
  });
  return (
    <Select
      id={id}
      aria-label="User"
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="No login"
      loading={query.isFetching || typed.isPending}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      options={options}
      notFoundContent={query.isFetching ? null : undefined}
      data-testid="member-user-select"
    />
  );
}
