import { ALL_ROWS_LIMIT } from '@crm/domain';
import { Input } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { FilterField } from '../../kit/list/FilterField';
import { FilterSelect } from '../../kit/list/FilterSelect';
import type { AccessLogOwnFilters } from './access-log-filters';

const USERS = { limit: ALL_ROWS_LIMIT, select: ['fullName' as const, 'email' as const], sort: { fullName: 1 as const } };

/** The access log's user (by name, loaded once opened) and IP filters. */
export function AccessLogFilters({
  value,
  onChange,
}: {
  value: AccessLogOwnFilters | null;
  onChange: (patch: Partial<AccessLogOwnFilters>) => void;
}) {
  const selected = value?.users ?? [];
  const [wanted, setWanted] = useState(selected.length > 0);
  const query = trpc.users.list.useQuery({ filter: USERS }, { enabled: wanted });
  const options = (query.data?.data ?? []).map((row) => ({
    value: row._id,
    label: row.fullName ? `${row.fullName} (${row.email ?? ''})` : row._id,
  }));
  return (
    <>
      <FilterField label="User">
        <FilterSelect
          label="User"
          options={options}
          value={selected}
          loading={query.isFetching}
          onOpenChange={(open) => open && setWanted(true)}
          onChange={(users) => onChange({ users })}
          testId="filter-user"
        />
      </FilterField>
      <FilterField label="IP">
        <Input
          aria-label="IP"
          placeholder="e.g. 10.0.0"
          allowClear
          value={value?.ip ?? ''}
          onChange={(event) => onChange({ ip: event.target.value })}
          maxLength={64}
          style={{ width: 160 }}
          data-testid="filter-ip"
        />
      </FilterField>
    </>
  );
}
