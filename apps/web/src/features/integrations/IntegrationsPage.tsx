import type { IntegrationProviderName } from '@crm/domain';
import { Alert, Card, Skeleton, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { IntegrationDrawer } from './IntegrationDrawer';
import { IntegrationLogTab } from './IntegrationLogTab';
import { ProviderCards } from './ProviderCards';

const API_KEYS_TAB = 'api-keys';
const LOG_TAB = 'log';
const TABS = [API_KEYS_TAB, LOG_TAB];

/**
 * /integrations (docs/api.md 'Integrations'): the asset's providers as cards grouped by kind, each opening its
 * settings; the log tab (`?tab=log`) lists the calls to and from providers; the API keys tab (`?tab=api-keys`) holds the section the app passes in (features never import each other).
 */
export function IntegrationsPage({ apiKeys }: { apiKeys: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'providers';
  const list = trpc.integrations.list.useQuery();
  const [open, setOpen] = useState<IntegrationProviderName | null>(null);
  const record = list.data?.find((item) => item.provider === open) ?? null;
  const setTab = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (TABS.includes(key)) next.set('tab', key);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  const providers = list.error ? (
    <Alert type="error" showIcon message={toApiError(list.error).message} />
  ) : list.data ? (
    <ProviderCards records={list.data} onConfigure={(item) => setOpen(item.provider)} />
  ) : (
    <Skeleton active />
  );

  return (
    <ResourcePage title="Integrations">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'providers', label: 'Providers', children: providers },
            { key: API_KEYS_TAB, label: 'API keys', children: apiKeys },
            { key: LOG_TAB, label: 'Log', children: <IntegrationLogTab records={list.data ?? []} /> },
          ]}
        />
      </Card>
      <IntegrationDrawer record={record} onClose={() => setOpen(null)} />
    </ResourcePage>
  );
}
