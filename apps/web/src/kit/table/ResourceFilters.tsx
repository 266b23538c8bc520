import { ReloadOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { browserLocale } from '../../app/request-headers';
import { useNow } from '../list/useNow';
import { FilterControl } from './FilterControl';
import type { ResourceToolbar } from './useResourceTable';

/** The list's filters from its contract, the screen's own (`children`), and Reset. */
export function ResourceFilters<X>({ toolbar, children }: { toolbar: ResourceToolbar<X>; children?: ReactNode }) {
  const now = useNow();
  const { timeZone } = browserLocale();
  if (toolbar.filters.length === 0 && !children) return null;
  return (
    <Flex wrap gap={12} align="end" style={{ marginBottom: 12 }} role="group" aria-label="Filters">
      {children}
      {toolbar.filters.map((def) => (
        <FilterControl
          key={def.key}
          contract={toolbar.contract}
          def={def}
          value={toolbar.values[def.key] ?? null}
          onChange={(value) => toolbar.setValue(def.key, value)}
          now={now}
          timeZone={timeZone}
        />
      ))}
      <Button icon={<ReloadOutlined />} onClick={toolbar.reset} disabled={!toolbar.canReset}>
        {MESSAGES.list.reset}
      </Button>
    </Flex>
  );
}
