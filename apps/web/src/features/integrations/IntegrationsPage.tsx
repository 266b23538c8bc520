import type { IntegrationProviderName } from '@crm/domain';
import { Alert, Card, Skeleton, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { IntegrationDrawer } from './IntegrationDrawer';
import { ProviderCards } from './ProviderCards';

const API_KEYS_TAB = 'api-keys';

/**
 * /integrations (docs/api.md 'Integrations'): the asset's providers as cards grouped by kind, each opening its
 * settings; the API keys tab (`?tab=api-keys`) holds the section the app passes in (features never import each other).
 */
export function IntegrationsPage({ apiKeys }: { apiKeys: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === API_KEYS_TAB ? API_KEYS_TAB : 'providers';
  const list = trpc.integrations.list.useQuery();
  const [open, setOpen] = useState<IntegrationProviderName | null>(null);
  const record = list.data?.find((item) => item.provider === open) ?? null;
  const setTab = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === API_KEYS_TAB) next.set('tab', API_KEYS_TAB);
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
          ]}
        />
      </Card>
      <IntegrationDrawer record={record} onClose={() => setOpen(null)} />
    </ResourcePage>
  );
}
