import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { THEME } from '../kit/theme';
import { NotifierBridge } from './NotifierBridge';
import { queryClient } from './query-client';
import { createTrpcClient } from './trpc-client';
import { trpc } from './trpc';

export function AppProviders({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={THEME}>
          <AntApp>
            <NotifierBridge />
            {children}
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
