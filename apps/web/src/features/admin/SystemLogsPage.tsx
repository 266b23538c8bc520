import { SYSTEM_LOG_FIGURE_LABELS, type SystemLogFigure, SystemLogFigureSchema, systemLogContract, systemLogFigureOf } from '@crm/domain';
import { Button, Card, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilterField } from '../../kit/list/FilterField';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ExtraFilters } from '../../kit/table/table-state';
import { useResourceTable } from '../../kit/table/useResourceTable';

type SystemLogs = typeof systemLogContract;

const COLUMNS: readonly ColumnSpec<SystemLogs>[] = [
  'createdAt',
  'source',
  'event',
  'status',
  'method',
  'url',
  'message',
  'requestId',
  'queue',
  'jobId',
];
const FILTERS = ['createdAt', 'source', 'event', 'status'] as const;

/** The screen's own filter: the rows behind a Home figure (its sources and range), until the reader clears it. */
interface OwnFilters {
  figure: SystemLogFigure | null;
}

function ownFilters(figure: SystemLogFigure | null): ExtraFilters<OwnFilters> {
  return {
    initial: { figure },
    parse: (value) => {
      if (typeof value !== 'object' || value === null) return null;
      const raw: unknown = Reflect.get(value, 'figure');
      if (raw === null || raw === undefined) return { figure: null };
      const parsed = SystemLogFigureSchema.safeParse(raw);
      return parsed.success ? { figure: parsed.data } : null;
    },
    conditions: ({ figure: shown }) =>
      shown ? [{ source: { $in: shown.sources } }, { createdAt: { $gte: shown.from, $lte: shown.to } }] : [],
  };
}

/** Admin > System Logs: failed answers (with their request id, to find in the server's log), failed jobs, integration errors. */
export function SystemLogsPage() {
  // Opened from a Home figure: today's failed jobs or integration errors (read once).
  const [params] = useSearchParams();
  const [figure] = useState(() => systemLogFigureOf(params));
  const extraFilters = useMemo(() => ownFilters(figure), [figure]);
  const table = useResourceTable(systemLogContract, {
    screen: 'system-logs',
    columns: COLUMNS,
    filters: FILTERS,
    extraFilters,
    rowName: (row) => row.event ?? row._id,
  });
  const shown = table.toolbar.extra?.figure;
  return (
    <ResourcePage title="System Logs">
      <Card>
        <ResourceTable
          table={table}
          testId="system-logs-table"
          filters={
            shown ? (
              <FilterField label="Home Figure">
                <span>
                  <Tag data-testid="filter-home-figure">{shown.sources.map((source) => SYSTEM_LOG_FIGURE_LABELS[source]).join(', ')}</Tag>
                  <Button size="small" type="link" onClick={() => table.toolbar.setExtra({ figure: null })}>
                    Clear figure
                  </Button>
                </span>
              </FilterField>
            ) : null
          }
        />
      </Card>
    </ResourcePage>
  );
}
