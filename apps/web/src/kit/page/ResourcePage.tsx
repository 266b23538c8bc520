import { type AnyResourceContract, QUERY_PARAMS } from '@crm/domain';
import { Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { BackButton } from '../navigation/BackButton';
import { resourceUtils } from '../resource/resource-api';
import { PageHeader } from './PageHeader';

interface ResourcePageProps {
  title: string;
  /** Where Back goes without a `ref` (the button shows only with a `ref` when absent). */
  back?: string;
  /** Opened with `refresh`, the page reads this resource afresh rather than from the cache. */
  contract?: AnyResourceContract;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A resource's page (docs/product.md 'Screens and routes'): its title, the back button (to `ref` with `refparams`)
 * and its actions; a link with `refresh` makes it forget what it had cached of the resource.
 */
export function ResourcePage({ title, back, contract, actions, children }: ResourcePageProps) {
  const [params] = useSearchParams();
  const utils = trpc.useUtils();
  const refreshed = useRef(false);
  const refresh = params.has(QUERY_PARAMS.REFRESH);
  useEffect(() => {
    if (!refresh || !contract || refreshed.current) return;
    refreshed.current = true;
    void resourceUtils(utils, contract).invalidate();
  }, [contract, refresh, utils]);
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            <BackButton fallback={back} />
            {actions}
          </Space>
        }
      />
      {children}
    </>
  );
}
